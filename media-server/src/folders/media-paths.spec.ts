import path from 'node:path';
import {
  areaDir,
  checkName,
  companyDir,
  companyIdOfFolder,
  companyLayout,
  MediaPathError,
  mediaFilePath,
  parseArea,
  parseDirectoryName,
  tempDir,
  thumbnailPath,
} from './media-paths';

const root = '/srv/media';

describe('checkName', () => {
  it.each(['photo.jpg', 'Summer Offer 2026.mp4', 'Acme-7', 'promo_1', 'café.png'])(
    'accepts %p',
    (name) => expect(checkName('file', name)).toBe(name),
  );

  it.each([
    ['', 'empty'],
    ['..', "'..'"],
    ['a..b.jpg', "'..'"],
    ['../etc/passwd', "'..'"],
    ['a/b.jpg', 'slash'],
    ['a\\b.jpg', 'slash'],
    ['/etc/passwd', 'absolute'],
    ['C:\\Windows', 'absolute'],
    ['x\0.jpg', 'NUL'],
    ['bell\x07.jpg', 'control'],
    ['.hidden', 'dot'],
    [' padded ', 'space'],
    ['x'.repeat(256), '255'],
    ['invoice\u202egpj.mp4', 'text-direction'],
    ['a\u2044b.jpg', 'looks like a slash'],
    ['a\uff0fb.jpg', 'looks like a slash'],
    ['a\u2216b.jpg', 'looks like a slash'],
    ['a\ud800b.jpg', 'lone UTF-16 surrogate'],
    ['CON.png', 'device name Windows reserves'],
    ['lpt1', 'device name Windows reserves'],
    ['nul.tar.gz', 'device name Windows reserves'],
  ])('refuses %p (%s)', (name, why) => {
    expect(() => checkName('file', name)).toThrow(MediaPathError);
    expect(() => checkName('file', name)).toThrow(why);
  });
});

describe('companyIdOfFolder', () => {
  it('reads the id after the last dash', () => {
    expect(companyIdOfFolder('AcmeFuels-7')).toBe(7);
    expect(companyIdOfFolder('North-East-Fuel-1204')).toBe(1204);
  });
  it.each(['Acme', 'Acme-', 'Acme-7x', '-', '../x-1'])('refuses %p', (folder) => {
    expect(() => companyIdOfFolder(folder)).toThrow(MediaPathError);
  });
});

describe('parseArea and parseDirectoryName', () => {
  it('reads the three kinds of folder, both slash forms for tags', () => {
    expect(parseArea('pending')).toEqual({ kind: 'pending' });
    expect(parseArea('expired')).toEqual({ kind: 'expired' });
    expect(parseArea('tags\\promo')).toEqual({ kind: 'tag', tag: 'promo' });
    expect(parseArea('tags/promo')).toEqual({ kind: 'tag', tag: 'promo' });
  });
  it.each(['tags', 'tags/', 'tags/../../x', 'tags/a/b', 'other', '../pending', 'pending/..'])(
    'refuses the folder %p',
    (text) => expect(() => parseArea(text)).toThrow(MediaPathError),
  );
  it('splits a company folder from the folder inside it', () => {
    expect(parseDirectoryName('Acme-7')).toEqual({ folder: 'Acme-7' });
    expect(parseDirectoryName('Acme-7/tags/promo')).toEqual({
      folder: 'Acme-7',
      area: { kind: 'tag', tag: 'promo' },
    });
    expect(parseDirectoryName('Acme-7\\expired')).toEqual({
      folder: 'Acme-7',
      area: { kind: 'expired' },
    });
  });
  it.each(['../Acme-7', '/etc', 'Acme-7/../../etc', '..\\x', 'Acme-7/tags/../../x'])(
    'refuses the directory name %p',
    (text) => expect(() => parseDirectoryName(text)).toThrow(MediaPathError),
  );
});

describe('paths', () => {
  it('lays a company out under the root', () => {
    expect(companyDir(root, 'Acme-7')).toBe('/srv/media/Acme-7');
    expect(companyLayout(root, 'Acme-7')).toEqual([
      '/srv/media/Acme-7/pending',
      '/srv/media/Acme-7/tags',
      '/srv/media/Acme-7/expired',
    ]);
    expect(areaDir(root, 'Acme-7', { kind: 'tag', tag: 'promo' })).toBe(
      '/srv/media/Acme-7/tags/promo',
    );
    expect(mediaFilePath(root, 'Acme-7', { kind: 'expired' }, 'a.png')).toBe(
      '/srv/media/Acme-7/expired/a.png',
    );
    expect(thumbnailPath(root, 'Acme-7', { kind: 'pending' }, 'a.png')).toBe(
      '/srv/media/Acme-7/pending/.thumbs/a.png.jpg',
    );
    expect(tempDir(root)).toBe(path.join(root, '.tmp'));
  });

  it('never builds a path outside the root, whatever the names', () => {
    const attempts: Array<() => string> = [
      () => companyDir(root, '..'),
      () => mediaFilePath(root, 'Acme-7', { kind: 'pending' }, '../../../etc/passwd'),
      () => mediaFilePath(root, 'Acme-7', { kind: 'tag', tag: '..' }, 'x.jpg'),
      () => areaDir(root, '/etc', { kind: 'pending' }),
      () => thumbnailPath(root, 'Acme-7', { kind: 'pending' }, '..'),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(MediaPathError);
  });
});
