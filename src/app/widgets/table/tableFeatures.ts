import { createPaginatedRowModel, rowPaginationFeature, rowSelectionFeature, tableFeatures } from '@tanstack/react-table';
import { PAGE_SIZES } from '../../../../domain/settingsDefaults';

/** Module scope, as TanStack Table v9 wants: stable features are what keep the row models cached. */
export const features = tableFeatures({
  rowSelectionFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});
export type Features = typeof features;

export { PAGE_SIZES };
