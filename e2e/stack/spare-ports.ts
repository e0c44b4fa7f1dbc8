import { execFileSync } from 'node:child_process';

/**
 * n distinct TCP ports that nothing listens on now, found synchronously (a Playwright config
 * cannot await). The kernel picks them in a short child process that holds all n at once, so
 * they differ from each other.
 */
export function sparePortsSync(n: number): number[] {
  const script = `
    const net = require('node:net');
    const servers = Array.from({ length: ${n} }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((r) => s.listen(0, '127.0.0.1', () => r(s.address().port)))))
      .then((ports) => { process.stdout.write(ports.join(',')); servers.forEach((s) => s.close()); });
  `;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })
    .split(',')
    .map(Number);
}
