import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { databaseOptions } from './src/database/database.options';

/**
 * The TypeORM CLI's DataSource (npm run migration:*), built from the application's own
 * options. It needs DATABASE_URL: the CLI does not start the embedded PostgreSQL.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must be set for the TypeORM CLI');

export default new DataSource({ ...databaseOptions({ url, poolSize: 2 }) });
