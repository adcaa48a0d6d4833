import { createHash, randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import type TestAgent from 'supertest/lib/agent';

/**
 * The test client's own addresses (CONTRACT 20's per-address limits): Linux answers every
 * 127.0.0.0/8 address on loopback, so a request bound to `localAddress` 127.a.b.c reaches the
 * application from that peer address. No limit is switched off: the suite behaves as many
 * clients do, each with its own address.
 */

/** Routes whose limits count per client address. */
const COUNTED_PER_ADDRESS = [
  '/api/v1/account/reg',
  '/api/v1/account/auth',
  '/api/v1/account/fingerprints/auth',
  '/api/v1/account/reset-password/send-link',
  '/api/v1/partners/become',
];

const agents = new Map<string, Agent>();

/** An http.Agent whose connections leave from `address`. */
export function fromAddress(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address });
    agents.set(address, agent);
  }
  return agent;
}

function loopbackAddress(bytes: Buffer): string {
  const address = `127.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
  return address === '127.0.0.1' ? '127.0.0.2' : address;
}

/** A fresh loopback address (never 127.0.0.1, the address of every other request). */
export function randomAddress(): string {
  return loopbackAddress(randomBytes(3));
}

/** The address of one client: the same for the same e-mail or key, so an account signs up and in from one place. */
export function addressOf(client: string): string {
  return loopbackAddress(createHash('sha256').update(client).digest());
}

/**
 * The agent, with POSTs to COUNTED_PER_ADDRESS sent from the client's own address: the one of
 * the body's `email` (or fingerprint `key`), else a fresh one per request. A test that binds a
 * request itself (`.agent(fromAddress(...))`) keeps its address.
 */
export function withClientAddresses(http: TestAgent): TestAgent {
  const post = http.post.bind(http);
  return Object.assign(Object.create(http) as TestAgent, {
    post(url: string) {
      const test = post(url);
      if (!COUNTED_PER_ADDRESS.includes(url.split('?')[0])) return test;
      const bind = test.agent.bind(test);
      bind(fromAddress(randomAddress()));
      let boundByTest = false;
      test.agent = ((agent: Agent) => {
        boundByTest = true;
        return bind(agent);
      }) as typeof test.agent;
      const send = test.send.bind(test);
      test.send = (body?: string | object) => {
        const client = typeof body === 'object' && body !== null ? (body as { email?: unknown; key?: unknown }) : {};
        const identity = typeof client.email === 'string' ? client.email : client.key;
        if (!boundByTest && typeof identity === 'string') bind(fromAddress(addressOf(identity)));
        return send(body);
      };
      return test;
    },
  });
}
