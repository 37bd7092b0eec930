import type { Generated } from 'kysely';

/** Table of migration 004_ledger_properties, merged into Database like server/store/infoSchema.ts. */
interface LedgerPropertyTable {
  id: Generated<number>;
  tenantid: number;
  objectlabel: string;
  propertylabel: string;
  propertyalias: string;
  propertytype: string;
  /** 1 shown, 0 hidden (values stay in extendvalue) */
  status: number;
  updatedAt: number;
}

declare module '../store/schema' {
  interface Database {
    ledger_property: LedgerPropertyTable;
  }
}
