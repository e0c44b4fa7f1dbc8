import type http from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
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
});
