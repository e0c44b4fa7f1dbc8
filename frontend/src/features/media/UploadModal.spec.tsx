/**
 * The upload modal's outcomes (spec media §4, §8; issue 16): the media server's reason for a
 * refusal after the spec's lead-in, one summary toast for several files, and a same-name upload
 * replaced only after the user says so. The media server is a stand-in XHR answering as it does.
 */
import {
  ERROR_CODE,
  MEDIA_LABELS,
  MEDIA_SERVER_PARAMS,
  MEDIA_SERVER_TEXT,
  MEDIA_TOAST_TEXT,
  MEDIA_UPLOAD_CONFLICT,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { UploadModal } from './UploadModal';

type Answer = (url: URL, name: string) => { status: number; body: unknown };

/** XMLHttpRequest answering each upload with `answer`; it records the URLs it was sent to. */
function fakeMediaServer(answer: Answer) {
  const sent: URL[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      const url = new URL(this.url, 'http://portal');
      sent.push(url);
      const file = form.get('file') as File;
      const { status, body } = answer(url, file.name);
      setTimeout(() => {
        this.status = status;
        this.statusText = status === 200 ? 'OK' : 'Refused';
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // POST /setstoretype goes through fetch.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true }), { status: 200 })),
  );
  return sent;
}

const ok = { status: 200, body: { success: true, filename: 'x', filesize: 1 } };
const png = (name: string) => new File(['x'], name, { type: 'image/png' });
const open = (files: File[]) =>
  renderWithProviders(
    <UploadModal folder="Acme-7" files={files} params={MEDIA_SERVER_PARAMS} onDone={() => {}} />,
  );

/** An upload whose bytes are all sent (100 %) while the media server has not answered yet. */
function sentNotAnswered() {
  class SentXhr {
    upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    open() {}
    setRequestHeader() {}
    send() {
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 }));
    }
  }
  vi.stubGlobal('XMLHttpRequest', SentXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true }), { status: 200 })),
  );
}

describe('UploadModal', () => {
  it('says Processing, not Uploaded, while the sent file is not stored yet', async () => {
    sentNotAnswered();
    open([png('big.png')]);
    const bar = await screen.findByRole('progressbar', { name: 'big.png' });
    await vi.waitFor(() =>
      expect(bar).toHaveAttribute('aria-valuetext', MEDIA_LABELS.uploadProcessing),
    );
    expect(screen.queryByText(MEDIA_LABELS.uploadDone)).toBeNull();
  });

  it('says Uploaded with the bar full once the media server stored the file', async () => {
    fakeMediaServer(() => ok);
    open([png('small.png')]);
    const bar = await screen.findByRole('progressbar', { name: 'small.png' });
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', MEDIA_LABELS.uploadDone));
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });

  it("shows the server's reason after the spec's failure text", async () => {
    const reason = MEDIA_SERVER_TEXT.contentMismatch('fake.png');
    fakeMediaServer(() => ({
      status: 400,
      body: { code: ERROR_CODE.validation, message: reason },
    }));
    open([png('fake.png')]);
    expect(
      await screen.findByText(`${MEDIA_TOAST_TEXT.uploadFailed('fake.png')}: ${reason}`),
    ).toBeVisible();
    // The modal row says why too.
    expect(within(screen.getByRole('dialog')).getByText(reason)).toBeVisible();
  });

  it('tells the outcome of an 8-file upload in one toast', async () => {
    const reason = 'refused for a reason';
    fakeMediaServer((_, name) =>
      name === 'f3.png'
        ? { status: 400, body: { code: ERROR_CODE.validation, message: reason } }
        : ok,
    );
    open(Array.from({ length: 8 }, (_, i) => png(`f${i}.png`)));
    const toast = await screen.findByText(MEDIA_LABELS.uploadSummary(7, 8), { exact: false });
    expect(toast).toHaveTextContent(`${MEDIA_TOAST_TEXT.uploadFailed('f3.png')}: ${reason}`);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(MEDIA_TOAST_TEXT.uploadComplete('f0.png'))).toBeNull();
  });

  it('asks before replacing a file of the same name, and replaces only when told', async () => {
    const sent = fakeMediaServer((url) =>
      url.searchParams.get(MEDIA_UPLOAD_CONFLICT.replaceParam) === 'true'
        ? ok
        : { status: 409, body: { code: MEDIA_UPLOAD_CONFLICT.code, message: 'exists' } },
    );
    open([png('a.png')]);
    expect(await screen.findByText(MEDIA_LABELS.fileExistsQuestion('a.png'))).toBeVisible();
    expect(sent).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: MEDIA_LABELS.replace }));
    expect(await screen.findByText(MEDIA_TOAST_TEXT.uploadComplete('a.png'))).toBeVisible();
    expect(sent.map((u) => u.searchParams.get(MEDIA_UPLOAD_CONFLICT.replaceParam))).toEqual([
      null,
      'true',
    ]);
  });

  it('keeps the existing file when the user says so', async () => {
    const sent = fakeMediaServer(() => ({
      status: 409,
      body: { code: MEDIA_UPLOAD_CONFLICT.code, message: 'exists' },
    }));
    open([png('a.png')]);
    await userEvent.click(await screen.findByRole('button', { name: MEDIA_LABELS.keepExisting }));
    expect(await screen.findByText(MEDIA_LABELS.uploadSkipped)).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(screen.queryByText(MEDIA_TOAST_TEXT.uploadFailed('a.png'))).toBeNull();
  });
});
