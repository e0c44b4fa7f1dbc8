/**
 * Jest setup for the suites whose apps register Prometheus' default metrics: prom-client's GC
 * histogram observes through a PerformanceObserver it never disconnects. In a service that is
 * one observer for the life of the process; in Jest, which loads the app's modules again for
 * each test file, every file added one to Node's own (shared) observer list, and through its
 * callback it kept that file's whole app and module graph alive: the backend's single Jest
 * process grew by about 60 MB a file. This disconnects each file's observers when it ends.
 */
import { afterAll } from '@jest/globals';
import { PerformanceObserver } from 'node:perf_hooks';

const observers: PerformanceObserver[] = [];
const observe = PerformanceObserver.prototype.observe;

PerformanceObserver.prototype.observe = function (
  this: PerformanceObserver,
  ...args: Parameters<PerformanceObserver['observe']>
) {
  observers.push(this);
  return observe.apply(this, args);
};

afterAll(() => {
  // node:perf_hooks is shared by every test file: put its method back for the next one.
  PerformanceObserver.prototype.observe = observe;
  for (const observer of observers.splice(0)) observer.disconnect();
});
