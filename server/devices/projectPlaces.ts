import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

/**
 * Projects with the names of their enterprise and of the places they stand in, ordered by id: the
 * monitor's scope and the platform's operations page list projects this way. Inner joins lose no
 * project: the ledger creates a project under an existing district (its city and province taken from
 * it) and deletes the projects under a place it deletes. The caller adds its own columns and filters.
 */
export function projectsWithPlaces(db: Kysely<Database>) {
  return db
    .selectFrom('project')
    .innerJoin('tenant', 'tenant.id', 'project.tenantid')
    .innerJoin('province', 'province.id', 'project.provinceid')
    .innerJoin('city', 'city.id', 'project.cityid')
    .innerJoin('district', 'district.id', 'project.districtid')
    .select([
      'project.id',
      'project.name',
      'project.tenantid as tenantId',
      'tenant.name as tenantName',
      'province.name as provinceName',
      'city.name as cityName',
      'district.name as districtName',
    ])
    .orderBy('project.id');
}
