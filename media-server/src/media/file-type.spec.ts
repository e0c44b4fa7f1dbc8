import { checkContent, detectKind, kindOfName, MediaContentError } from './file-type';

const JPEG = Buffer.from('ffd8ffe000104a4649460001', 'hex');
const PNG = Buffer.from('89504e470d0a1a0a0000000d', 'hex');
const MP4 = Buffer.concat([Buffer.from('00000018', 'hex'), Buffer.from('ftypisom')]);
const SCRIPT = Buffer.from('#!/bin/sh\nrm -rf /\n');

describe('file types', () => {
  it('knows the three kinds by their first bytes', () => {
    expect(detectKind(JPEG)).toBe('jpeg');
    expect(detectKind(PNG)).toBe('png');
    expect(detectKind(MP4)).toBe('mp4');
    expect(detectKind(SCRIPT)).toBeUndefined();
    expect(detectKind(Buffer.alloc(0))).toBeUndefined();
  });

  it('reads the extension in any case and refuses others with the spec texts', () => {
    expect(kindOfName('A.JPG')).toBe('jpeg');
    expect(kindOfName('a.Jpeg')).toBe('jpeg');
    expect(() => kindOfName('noextension')).toThrow(
      'Failed to import file: noextension, invalid file name',
    );
    expect(() => kindOfName('a.gif')).toThrow(
      'Failed to import file: a.gif, invalid file extension',
    );
  });

  it('accepts content that matches the name and refuses the rest', () => {
    expect(checkContent('a.jpg', JPEG)).toBe('jpeg');
    expect(checkContent('a.mp4', MP4)).toBe('mp4');
    expect(() => checkContent('png-in-disguise.mp4', PNG)).toThrow(MediaContentError);
    expect(() => checkContent('script.jpg', SCRIPT)).toThrow(MediaContentError);
    expect(() => checkContent('jpeg.png', JPEG)).toThrow(MediaContentError);
  });
});
