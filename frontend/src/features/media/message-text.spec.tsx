import { MEDIA_RULE_TEXT, MEDIA_VALIDATION_TEXT } from '@store-cloud/contracts';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import media from '../../i18n/de/media';
import { initI18n } from '../../i18n/i18n';
import { useMediaMessage } from './message-text';

describe("media's schema messages in the page's language", () => {
  it('gives English as the contracts word it', () => {
    const { result } = renderHook(() => useMediaMessage());
    expect(result.current(MEDIA_VALIDATION_TEXT.endAfterStart)).toBe(
      MEDIA_VALIDATION_TEXT.endAfterStart,
    );
    expect(result.current(MEDIA_VALIDATION_TEXT.maxTagFolders(5))).toBe(
      MEDIA_VALIDATION_TEXT.maxTagFolders(5),
    );
  });

  it('gives German for a text, and for a function text with its arguments read back', () => {
    initI18n('de');
    const { result } = renderHook(() => useMediaMessage());
    expect(result.current(MEDIA_VALIDATION_TEXT.noFilesForSchedule)).toBe(
      media.validation.noFilesForSchedule,
    );
    expect(result.current(MEDIA_RULE_TEXT.endInPast)).toBe(media.rules.endInPast);
    expect(result.current(MEDIA_VALIDATION_TEXT.tagFolderExists('Promo'))).toBe(
      media.validation.tagFolderExists.replace('{{name}}', 'Promo'),
    );
    expect(result.current(MEDIA_VALIDATION_TEXT.maxTagFolders(5))).toBe(
      media.validation.maxTagFolders.replace('{{limit}}', '5'),
    );
    // A message no contract text makes stays as it came (a server's own words).
    expect(result.current('Something else')).toBe('Something else');
    expect(result.current(undefined)).toBeUndefined();
  });
});
