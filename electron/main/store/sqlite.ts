// The one place that loads the SQLite driver (libsql, better-sqlite3's synchronous API).
import Libsql from 'libsql';

export type Database = InstanceType<typeof Libsql>;
export const openSqlite = (path: string): Database => new Libsql(path);
