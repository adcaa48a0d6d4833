import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import { engines, version } from '../../package.json';

/** docker/docker-compose.yml and docker/Dockerfile: what they run is exactly what was tested. */

const DOCKER_DIR = resolve(__dirname, '../../docker');

describe('Container files (docker/)', () => {
  const compose = load(readFileSync(resolve(DOCKER_DIR, 'docker-compose.yml'), 'utf8')) as {
    services: Record<string, { image?: string; build?: unknown; environment?: Record<string, string> }>;
  };

  it('the API runs in production with a SECRETS_KEY, which production cannot start without', () => {
    expect(compose.services.api.environment).toMatchObject({
      NODE_ENV: 'production',
      SECRETS_KEY: expect.stringMatching(/^\$\{SECRETS_KEY:-[A-Za-z0-9+/]{43}=\}$/),
    });
  });

  it('the compose file pins every image to an exact version, the API to this build', () => {
    const images = Object.fromEntries(Object.entries(compose.services).map(([name, s]) => [name, s.image]));
    expect(images).toEqual({
      postgres: expect.stringMatching(/^postgres:\d+\.\d+$/),
      minio: expect.stringMatching(/^minio\/minio:RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/),
      api: `business-platform-api:${version}`,
    });
  });

  it('the image runs the current Node LTS, and package.json still admits the Node 20.19 CI uses', () => {
    const dockerfile = readFileSync(resolve(DOCKER_DIR, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
    expect(engines.node).toBe('^20.19.0 || ^22.12.0 || >=24.0.0');
  });
});
