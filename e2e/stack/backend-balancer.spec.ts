import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { API } from '@store-cloud/contracts';
import { BackendBalancer } from './backend-balancer';

const request = () => ({}) as http.IncomingMessage;
const A = 'http://127.0.0.1:3000';
const B = 'http://127.0.0.1:3001';

describe('BackendBalancer', () => {
  let balancer: BackendBalancer;
  afterEach(() => balancer.stop());

  it('sends requests to the nodes in turn', () => {
    balancer = new BackendBalancer([A, B]);
    expect([1, 2, 3, 4].map(() => balancer.pick(request()))).toEqual([A, B, A, B]);
  });

  it('leaves out a node whose connection failed; with every node down it still tries them in turn', () => {
    balancer = new BackendBalancer([A, B]);
    const toA = request();
    expect(balancer.pick(toA)).toBe(A);
    balancer.failed(toA);
    expect([1, 2, 3].map(() => balancer.pick(request()))).toEqual([B, B, B]);
    const toB = request();
    balancer.pick(toB);
    balancer.failed(toB);
    // Nothing is known to be up: still try, in turn.
    expect(new Set([1, 2].map(() => balancer.pick(request())))).toEqual(new Set([A, B]));
  });

  it('never leaves out the only node', () => {
    balancer = new BackendBalancer([A]);
    const req = request();
    balancer.pick(req);
    balancer.failed(req);
    expect(balancer.pick(request())).toBe(A);
  });

  it('keeps a node that listens but is not ready out, and takes it back once it is', async () => {
    let ready = false;
    const nodes = [true, false].map((always) =>
      http.createServer((req, res) => {
        res.statusCode = req.url === API.healthReady && (always || ready) ? 200 : 503;
        res.end();
      }),
    );
    const urls = await Promise.all(
      nodes.map(async (node) => {
        await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
        return `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
      }),
    );
    const picked = () => new Set([1, 2, 3, 4].map(() => balancer.pick(request())));
    const until = async (check: () => boolean) => {
      for (const deadline = Date.now() + 10_000; !check();) {
        if (Date.now() > deadline) throw new Error('not reached');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    try {
      balancer = new BackendBalancer(urls);
      // Probed twice a second: listening is not enough while readiness answers 503.
      await until(() => !picked().has(urls[1]!));
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(picked()).toEqual(new Set([urls[0]]));
      ready = true;
      await until(() => picked().has(urls[1]!));
      expect(picked()).toEqual(new Set(urls));
    } finally {
      await Promise.all(nodes.map((node) => new Promise((resolve) => node.close(resolve))));
    }
  });

  it('with no node ready, sends to one that listens before one that refuses', async () => {
    const busy = http.createServer((_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    const closed = http.createServer();
    const urls = await Promise.all(
      [busy, closed].map(async (node) => {
        await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
        return `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
      }),
    );
    // The second node's port is closed: nothing listens there any more.
    await new Promise((resolve) => closed.close(resolve));
    try {
      balancer = new BackendBalancer(urls);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(new Set([1, 2, 3, 4].map(() => balancer.pick(request())))).toEqual(new Set([urls[0]]));
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});
