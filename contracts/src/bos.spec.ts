import { bosToUse } from './bos';

describe('bosToUse', () => {
  it.each([
    ['5.2.10', 1],
    ['5.3.0', 2],
    ['5.3.11', 2],
    ['5.4.12', 3],
    ['6.0', 3],
    ['4.9.9', 1],
    ['', 0],
    ['unknown', 0],
  ])('serving %p runs evoBOS %p', (serving, bos) => {
    expect(bosToUse(serving)).toBe(bos);
  });
});
