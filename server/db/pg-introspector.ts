// What PostgreSQL's catalog says of the tables, read from the schema the connection works in
// alone. Kysely's own introspector reads every schema of the database and names each in
// functions (privileges, serial sequences) that fail when that schema is dropped meanwhile; its
// migrator looks for its tables so, and then a server starting beside another deployment (or
// test) of the same database failed with "schema … does not exist" whenever that one dropped
// its schema.
import { PostgresDialect, sql, type DatabaseIntrospector, type DatabaseMetadata, type DatabaseMetadataOptions, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

/** Kysely's tables, which its migrator asks for and other callers are not shown. */
const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  description: string | null;
  serial: string | null;
}

export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    // The functions in the select list run only for the rows the conditions keep: this schema's.
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, c.relkind as kind, ns.nspname as schema, a.attname as column,
        a.attnotnull as not_null, a.atthasdef as has_default, typ.typname as type, tns.nspname as type_schema,
        col_description(a.attrelid, a.attnum) as description,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as serial
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) tables.set(row.table, (table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] }));
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.serial !== null,
        comment: row.description ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, its catalog read from the connection's own schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
