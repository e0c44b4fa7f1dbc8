import { zodResolver } from '@hookform/resolvers/zod';
import {
  type MfaStatus,
  totpConfirmRequestSchema,
  totpDisableRequestSchema,
  type TotpStartResult,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useConfirmTotp, useDisableTotp, useMfaStatus, useStartTotp } from '../../api/useMfa';
import { FormField } from '../../ui/FormField';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { accountMessageSets, mfaTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';
import { knownReasonOf, useKnownText } from '../../i18n/known-text';
import { RecoveryCodesView } from './RecoveryCodesView';

type CodeForm = z.input<typeof totpConfirmRequestSchema>;

/**
 * Two-step sign-in with an authenticator app (issue 27): set up (QR code and key, confirmed
 * with a first code; the recovery codes shown once), or turn off with a code. `onEnrolled`:
 * called once the recovery codes are put away (the forced enrolment then signs in again).
 */
export function TwoStepSignIn({ onEnrolled }: { onEnrolled?: () => void }) {
  const mfa = useTexts(mfaTextSet);
  const status = useMfaStatus();
  const [setup, setSetup] = useState<TotpStartResult | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <RecoveryCodesView
        codes={codes}
        onDone={() => {
          setCodes(null);
          onEnrolled?.();
        }}
      />
    );
  }
  if (status.isPending) return <LoadingSpinner label={mfa.loading} />;
  if (status.isError) return <p className="text-danger">{mfa.loadFailed}</p>;
  if (setup) {
    return (
      <ConfirmTotp
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
        }}
      />
    );
  }
  return status.data.methods.includes('totp') ? (
    <TotpOn status={status.data} />
  ) : (
    <TotpOff status={status.data} onStarted={setSetup} />
  );
}

function TotpOff({
  status,
  onStarted,
}: {
  status: MfaStatus;
  onStarted: (setup: TotpStartResult) => void;
}) {
  const mfa = useTexts(mfaTextSet);
  const start = useStartTotp();
  return (
    <div>
      <p>{mfa.off}</p>
      {status.required && <p className="text-body-secondary">{mfa.requiredNote}</p>}
      <Button
        disabled={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: onStarted,
            onError: (e) =>
              notify.error(mfa.section, knownReasonOf(e, accountMessageSets) ?? mfa.failed, e),
          })
        }
      >
        {mfa.setUp}
      </Button>
    </div>
  );
}

function ConfirmTotp({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TotpStartResult;
  onCancel: () => void;
  onConfirmed: (recoveryCodes: string[]) => void;
}) {
  const mfa = useTexts(mfaTextSet);
  const known = useKnownText(accountMessageSets);
  const confirm = useConfirmTotp();
  const form = useForm<CodeForm>({
    resolver: zodResolver(totpConfirmRequestSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: (result) => onConfirmed(result.recoveryCodes),
      onError: (e) => {
        form.reset({ code: '' });
        form.setError('code', { message: knownReasonOf(e, accountMessageSets) ?? mfa.failed });
      },
    }),
  );
  return (
    <Form noValidate onSubmit={onSubmit}>
      <p>{mfa.scan}</p>
      <img src={setup.qrCode} alt={mfa.qrAlt} width={200} height={200} className="mb-2" />
      <p className="text-break">
        {mfa.secretLabel}: <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <FormField
        id="totp-confirm-code"
        label={mfa.codeLabel}
        type="text"
        autoComplete="one-time-code"
        autoFocus
        error={known(form.formState.errors.code?.message)}
        registration={form.register('code')}
      />
      <div className="d-flex gap-2 justify-content-end">
        <Button variant="secondary" onClick={onCancel}>
          {mfa.cancel}
        </Button>
        <Button type="submit" disabled={confirm.isPending}>
          {mfa.confirm}
        </Button>
      </div>
    </Form>
  );
}

function TotpOn({ status }: { status: MfaStatus }) {
  const mfa = useTexts(mfaTextSet);
  const known = useKnownText(accountMessageSets);
  const disable = useDisableTotp();
  const form = useForm<CodeForm>({
    resolver: zodResolver(totpDisableRequestSchema),
    defaultValues: { code: '' },
  });
  // The policy keeps the last factor: the backend refuses it too.
  const locked = status.required && status.methods.length === 1;
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        form.reset({ code: '' });
        notify.success(mfa.section, mfa.disabled);
      },
      onError: (e) => {
        form.reset({ code: '' });
        form.setError('code', { message: knownReasonOf(e, accountMessageSets) ?? mfa.failed });
      },
    }),
  );
  return (
    <div>
      <p className="mb-1">{mfa.on}</p>
      <p className="text-body-secondary">{mfa.recoveryCodesLeft(status.recoveryCodesLeft)}</p>
      {locked ? (
        <p className="text-body-secondary">{mfa.requiredNote}</p>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <FormField
            id="totp-disable-code"
            label={mfa.disableCodeLabel}
            type="text"
            autoComplete="one-time-code"
            error={known(form.formState.errors.code?.message)}
            registration={form.register('code')}
          />
          <div className="d-flex justify-content-end">
            <Button type="submit" variant="danger" disabled={disable.isPending}>
              {mfa.disable}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
