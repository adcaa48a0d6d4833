/**
 * The process test/e2e/storage-removals.e2e-spec.ts kills: it queues the removal of the object
 * named in its arguments, and when its worker reaches the store call it says so and hangs
 * there, the database commit done and the store not called, until the test kills it.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Client } from 'minio';
import { AppModule } from '../../src/app.module';
import { StorageService } from '../../src/core/storage/storage.service';

Client.prototype.removeObject = function hangAtTheStoreCall(): Promise<void> {
  process.stdout.write('at the store call\n');
  return new Promise<void>(() => undefined);
};

async function main(): Promise<void> {
  const [companyId, path] = process.argv.slice(2);
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  await app.get(StorageService).removeLater(companyId, path);
  process.stdout.write('committed\n');
}

void main();
