import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadAll } from 'js-yaml';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { validateEnvironment } from '../../src/config/environment';
import { version } from '../../package.json';

/**
 * docker/k8s/*.yaml against the Kubernetes API schemas (kubernetes-models), and against each
 * other: the names, labels, ports and settings they share must agree.
 */

const K8S_DIR = resolve(__dirname, '../../docker/k8s');

// Any kind not listed here fails the test: add its model when adding a manifest of a new kind.
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

interface Manifest {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: any;
}

const manifests: Manifest[] = readdirSync(K8S_DIR)
  .filter((file) => /\.ya?ml$/.test(file))
  .flatMap((file) =>
    loadAll(readFileSync(join(K8S_DIR, file), 'utf8'))
      .filter((doc) => doc !== null && doc !== undefined)
      .map((doc) => ({ ...(doc as Omit<Manifest, 'file'>), file }) as Manifest),
  );

function only(kind: string): Manifest {
  const found = manifests.filter((m) => m.kind === kind);
  expect(found).toHaveLength(1);
  return found[0];
}

describe('Kubernetes manifests (docker/k8s)', () => {
  it('holds every piece of the deployment', () => {
    expect(manifests.map((m) => m.kind).sort()).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'HorizontalPodAutoscaler',
        'Ingress',
        'Job',
        'NetworkPolicy',
        'PodDisruptionBudget',
        'Secret',
        'Service',
      ].sort(),
    );
  });

  it.each(manifests.map((m) => [`${m.file}: ${m.kind} ${m.metadata?.name}`, m] as const))(
    '%s is valid against the Kubernetes schema',
    (_title, manifest) => {
      const { file: _file, ...object } = manifest;
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model).toBeDefined();
      expect(() => new Model(object).validate()).not.toThrow();
    },
  );

  it('the schema check catches a broken manifest', () => {
    const { file: _file, ...deployment } = only('Deployment');
    const broken = structuredClone(deployment);
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(() => new Deployment(broken).validate()).toThrow(/containerPort/);
  });

  const deployment = () => only('Deployment');
  const pod = () => deployment().spec.template.spec;
  const api = () => pod().containers[0];
  const config = () => only('ConfigMap').data as Record<string, string>;

  it('the ConfigMap and the Secret example hold valid settings, and only the Secret holds credentials', () => {
    const settings = { ...config(), ...only('Secret').stringData };
    expect(() => validateEnvironment(settings)).not.toThrow();
    expect(validateEnvironment(settings)).toMatchObject({ DB_MIGRATE: false, METRICS_PORT: 9464, TRUST_PROXY: 1 });
    expect(only('Secret').stringData).toHaveProperty('SECRETS_KEY');
    for (const credential of [
      'DATABASE_URL',
      'MINIO_ACCESS_KEY',
      'MINIO_SECRET_KEY',
      'SECRETS_KEY',
      'SECRETS_KEY_PREVIOUS',
      'ADMIN_PASSWORD',
      'SMTP_URL',
    ]) {
      expect(config()).not.toHaveProperty(credential);
    }
  });

  it('the Deployment and the migration Job run this build, with the same settings, without a service account token', () => {
    const job = only('Job').spec.template.spec;
    for (const spec of [pod(), job]) {
      expect(spec.automountServiceAccountToken).toBe(false);
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true });
      expect(spec.containers[0].image).toBe(`business-platform-api:${version}`);
      expect(spec.containers[0].envFrom).toEqual([
        { configMapRef: { name: 'platform-api' } },
        { secretRef: { name: 'platform-api' } },
      ]);
      expect(spec.containers[0].securityContext).toMatchObject({ readOnlyRootFilesystem: true });
    }
    expect(job.containers[0].command).toEqual(['node', 'dist/cli/migrate']);
    expect(job.restartPolicy).toBe('Never');
  });

  it('only the API pods carry the label the Service, budget, autoscaler and spread constraints select', () => {
    const selector = deployment().spec.selector.matchLabels;
    expect(pod().topologySpreadConstraints.map((c: any) => c.labelSelector.matchLabels)).toEqual([selector, selector]);
    expect(only('Service').spec.selector).toEqual(selector);
    expect(only('PodDisruptionBudget').spec.selector.matchLabels).toEqual(selector);
    expect(only('HorizontalPodAutoscaler').spec.scaleTargetRef).toMatchObject({
      kind: 'Deployment',
      name: deployment().metadata.name,
    });
    expect(only('Job').spec.template.metadata.labels).not.toMatchObject(selector);
    expect(deployment().spec).not.toHaveProperty('replicas');
  });

  it('keeps the probes, the drain pause and the grace period', () => {
    expect(api().readinessProbe.httpGet.path).toBe('/api/v1/health/ready');
    expect(api().livenessProbe.httpGet.path).toBe('/api/v1/health/live');
    expect(api().startupProbe.httpGet.path).toBe('/api/v1/health/live');
    expect(api().lifecycle.preStop.exec.command).toEqual(['sleep', '5']);
    expect(pod().terminationGracePeriodSeconds).toBeGreaterThan(25 + 5);
  });

  it('exposes metrics on METRICS_PORT to the scraper only, never through the Service or Ingress', () => {
    const metricsPort = Number(config().METRICS_PORT);
    const apiPort = Number(config().PORT);
    expect(api().ports).toEqual([
      { name: 'http', containerPort: apiPort },
      { name: 'metrics', containerPort: metricsPort },
    ]);
    expect(deployment().spec.template.metadata.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(metricsPort),
      'prometheus.io/path': '/metrics',
    });
    expect(only('Service').spec.ports.map((p: any) => p.targetPort)).toEqual(['http']);
    expect(only('Ingress').spec.rules[0].http.paths[0].backend.service).toEqual({
      name: only('Service').metadata.name,
      port: { name: 'http' },
    });
    const allowed = only('NetworkPolicy').spec.ingress.map((rule: any) => rule.ports.map((p: any) => p.port));
    expect(allowed).toEqual([[apiPort], [metricsPort]]);
  });
});
