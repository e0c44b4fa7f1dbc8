import fs from 'node:fs';
import path from 'node:path';
import { dependencyVersion, readPackageVersion } from './package-version';

const NODE_KIT = path.resolve(__dirname, '..');
const manifest = (file: string) =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; version: string };
const OWN = manifest(path.join(NODE_KIT, 'package.json'));

describe('readPackageVersion', () => {
  it('reads the package folder, or the named package above a folder inside it', () => {
    expect(readPackageVersion(NODE_KIT)).toBe(OWN.version);
    expect(readPackageVersion(__dirname, OWN.name)).toBe(OWN.version);
  });

  it('says which package it could not find', () => {
    expect(() => readPackageVersion(__dirname, '@store-cloud/nothing')).toThrow(
      '@store-cloud/nothing',
    );
  });
});

describe('dependencyVersion', () => {
  it('reads the installed version of a dependency, not the range its user asks for', () => {
    const installed = manifest(path.join(path.dirname(require.resolve('zod')), 'package.json'));
    expect(dependencyVersion('zod', __dirname)).toBe(installed.version);
  });
});
