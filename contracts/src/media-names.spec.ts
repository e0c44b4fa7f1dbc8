import { invisibleCharactersIn, mediaNameIssue, visibleName } from './media-names';

describe('media name rule', () => {
  it('refuses bidirectional overrides, isolates, marks and zero-width characters', () => {
    for (const char of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u2028',
    ])
      expect(mediaNameIssue(`photo${char}gpj.mp4`)).toMatch(/invisible or text-direction/);
  });

  it('names each character once and shows the name without hiding them', () => {
    expect(invisibleCharactersIn('a\u202eb\u202ec\u200b.jpg')).toEqual(['U+202E', 'U+200B']);
    expect(visibleName('photo\u202egpj.exe')).toBe('photo<U+202E>gpj.exe');
    expect(mediaNameIssue('a\u202e.jpg')).toBe(
      'it contains invisible or text-direction characters (U+202E); rename it without them',
    );
  });

  it('accepts ordinary names in any script', () => {
    for (const name of [
      'Big Photo.JPG',
      'café-crème.png',
      'שלום.jpg',
      '写真 2024.jpeg',
      'a_b-c (1).mp4',
    ])
      expect(mediaNameIssue(name)).toBeUndefined();
  });
});
