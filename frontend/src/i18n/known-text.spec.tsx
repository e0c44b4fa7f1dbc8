import {
  DAYPART_TEXT,
  MEDIA_RULE_TEXT,
  MEDIA_VALIDATION_TEXT,
  MFA_TEXT,
  PROOF_OF_PLAY_TEXT,
} from '@store-cloud/contracts';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import media from './de/media';
import users from './de/users';
import { initI18n } from './i18n';
import { knownReasonOf, useKnownText, withKnownReason } from './known-text';
import { mediaMessageSets } from './sets/media';
import { proofOfPlayTextSet } from './sets/proof-of-play';
import { accountMessageSets } from './sets/users';
import type { TextSet } from './text-set';
import { textsNow } from './useTexts';

/** A message as a screen shows it (a field's error, an alert). */
function Shown({ message, sets }: { message: string | undefined; sets: readonly TextSet[] }) {
  const known = useKnownText(sets);
  return <p data-testid="shown">{known(message) ?? 'nothing'}</p>;
}
const shown = () => screen.getByTestId('shown').textContent;

/** The backend refusing a second factor's code, in its English words (mfa.errors.ts). */
const wrongCode = new ApiError('Request failed', '/api/auth/mfa', 400, {
  code: 'MFA_WRONG_CODE',
  message: MFA_TEXT.wrongCode,
});

describe("an English text from the server or a contract, in the page's language", () => {
  it("shows the server's English refusal in German when the page is German", () => {
    initI18n('de');
    render(<p>{knownReasonOf(wrongCode, accountMessageSets)}</p>);
    expect(screen.getByText(users.mfa.wrongCode)).toBeVisible();
    expect(withKnownReason('Fehlgeschlagen', wrongCode, accountMessageSets)).toBe(
      `Fehlgeschlagen: ${users.mfa.wrongCode}`,
    );
  });

  it('shows a text no set makes unchanged, in German as in English', () => {
    initI18n('de');
    const { rerender } = render(
      <Shown message="Store 12 closed the connection" sets={accountMessageSets} />,
    );
    expect(shown()).toBe('Store 12 closed the connection');
    rerender(<Shown message={undefined} sets={accountMessageSets} />);
    expect(shown()).toBe('nothing');
  });

  it('shows the English of an English page as the contract words it', () => {
    render(<Shown message={MEDIA_VALIDATION_TEXT.maxTagFolders(5)} sets={mediaMessageSets} />);
    expect(shown()).toBe(MEDIA_VALIDATION_TEXT.maxTagFolders(5));
  });

  it("reads a function text's arguments back out of the English", () => {
    initI18n('de');
    const { rerender } = render(
      <Shown message={MEDIA_VALIDATION_TEXT.tagFolderExists('Promo')} sets={mediaMessageSets} />,
    );
    expect(shown()).toBe(media.validation.tagFolderExists.replace('{{name}}', 'Promo'));
    rerender(<Shown message={MEDIA_VALIDATION_TEXT.maxTagFolders(5)} sets={mediaMessageSets} />);
    expect(shown()).toBe(media.validation.maxTagFolders.replace('{{limit}}', '5'));
    rerender(<Shown message={MEDIA_RULE_TEXT.endInPast} sets={mediaMessageSets} />);
    expect(shown()).toBe(media.rules.endInPast);
    // The English writes 1,234; German shows the count as its own screens do (1.234).
    rerender(<Shown message={PROOF_OF_PLAY_TEXT.total(1234)} sets={[proofOfPlayTextSet]} />);
    expect(shown()).toBe(textsNow(proofOfPlayTextSet).total(1234));
    expect(shown()).toContain('1.234');
  });

  it('prefers a text as it is to a function text that makes the same words', () => {
    initI18n('de');
    // 'Enter a time as HH:MM' is also what nameRequired('time as HH:MM') would say.
    expect(MEDIA_RULE_TEXT.nameRequired('time as HH:MM')).toBe(DAYPART_TEXT.timeFormat);
    render(<Shown message={DAYPART_TEXT.timeFormat} sets={mediaMessageSets} />);
    expect(shown()).toBe(media.daypart.timeFormat);
  });

  it('follows a change of the language while shown', () => {
    render(<Shown message={MFA_TEXT.wrongCode} sets={accountMessageSets} />);
    expect(shown()).toBe(MFA_TEXT.wrongCode);
    act(() => void i18next.changeLanguage('de'));
    expect(shown()).toBe(users.mfa.wrongCode);
  });
});
