import {
  allowedDestinations,
  DESTINATIONS,
  isLogLevelOperation,
  LOG_LEVELS,
  type LogLevel,
  MESSAGE_TYPE,
  MESSAGE_TYPES,
  OPERATIONS,
} from '@store-cloud/contracts';
import type { FormEventHandler } from 'react';
import { Alert, Button, Form, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { Controller, type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { messagingLabelsSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
import { SelectField } from '../../ui/SelectField';
import { type MessageDraft, prepareErrors, withOperation, withType } from './message-draft';

/**
 * The Create Message form (spec §2, §4): type, content or operation, the destinations the type
 * or operation allows, and for a log-level operation the level and its period in minutes. The
 * page holds the form, so the draft outlives the tab; the errors of PREPARE stay until content,
 * operation or level change (spec §5) or the next PREPARE.
 */
export function CreateMessageForm({
  form,
  onPrepare,
}: {
  form: UseFormReturn<MessageDraft>;
  onPrepare: FormEventHandler<HTMLFormElement>;
}) {
  const L = useTexts(messagingLabelsSet);
  const { control, register, getValues, setValue, clearErrors } = form;
  const [type, operation] = useWatch({ control, name: ['type', 'operation'] });
  const { errors } = useFormState({ control });
  const shown = prepareErrors(errors);
  const command = type === MESSAGE_TYPE.command;
  const allowed = allowedDestinations(type, operation);
  /** A type or operation change brings its content, destinations and level along. */
  const apply = (next: MessageDraft) => {
    setValue('type', next.type);
    setValue('content', next.content);
    setValue('operation', next.operation);
    setValue('destinations', next.destinations);
    setValue('logLevel', next.logLevel);
  };

  return (
    <Form noValidate onSubmit={onPrepare}>
      <Form.Group className="mb-3">
        <Form.Label as="div" id="message-type-label">
          {L.messageType}
        </Form.Label>
        <ToggleButtonGroup
          type="radio"
          name="message-type"
          value={type}
          aria-labelledby="message-type-label"
          onChange={(next) => apply(withType(getValues(), next))}
        >
          {MESSAGE_TYPES.map((t) => (
            <ToggleButton key={t} id={`message-type-${t}`} value={t} variant="outline-primary">
              {t}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Form.Group>

      {command ? (
        <SelectField
          id="message-operation"
          label={L.operation}
          value={operation ?? ''}
          options={OPERATIONS}
          placeholder={L.chooseOperation}
          onChange={(op) => {
            apply(withOperation(getValues(), op || null));
            clearErrors();
          }}
        />
      ) : (
        <Form.Group className="mb-3" controlId="message-content">
          <Form.Label>{L.content}</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            maxLength={2000}
            {...register('content', { onChange: () => clearErrors() })}
          />
        </Form.Group>
      )}

      <Form.Group className="mb-3">
        <Form.Label as="div">{L.destinations}</Form.Label>
        <Controller
          control={control}
          name="destinations"
          render={({ field }) => (
            <>
              {DESTINATIONS.map((destination) => (
                <Form.Check
                  key={destination}
                  inline
                  id={`destination-${destination}`}
                  label={destination}
                  disabled={!allowed.includes(destination)}
                  checked={field.value.includes(destination)}
                  onChange={() =>
                    field.onChange(
                      field.value.includes(destination)
                        ? field.value.filter((d) => d !== destination)
                        : [...field.value, destination],
                    )
                  }
                />
              ))}
            </>
          )}
        />
      </Form.Group>

      {command && isLogLevelOperation(operation) && (
        <div className="row g-3 mb-3">
          <Controller
            control={control}
            name="logLevel"
            render={({ field }) => (
              <SelectField
                id="message-log-level"
                className="col-sm-6"
                label={L.logLevel}
                value={field.value}
                options={LOG_LEVELS}
                onChange={(level) => {
                  field.onChange(level as LogLevel);
                  clearErrors();
                }}
              />
            )}
          />
          <Form.Group className="col-sm-6" controlId="message-log-period">
            <Form.Label>{L.logLevelTimePeriod}</Form.Label>
            <Controller
              control={control}
              name="logLevelTimePeriod"
              render={({ field, fieldState }) => (
                <>
                  <Form.Control
                    ref={field.ref}
                    type="number"
                    min={0}
                    step={1}
                    required
                    isInvalid={!!fieldState.error}
                    value={field.value}
                    onBlur={field.onBlur}
                    // Whole minutes, never below 0.
                    onChange={(e) =>
                      field.onChange(Math.max(0, Math.trunc(Number(e.target.value) || 0)))
                    }
                  />
                  <Form.Control.Feedback type="invalid">
                    {fieldState.error?.message}
                  </Form.Control.Feedback>
                </>
              )}
            />
          </Form.Group>
        </div>
      )}

      {shown.length > 0 && (
        <Alert variant="danger">
          {shown.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Alert>
      )}
      <Button type="submit">{L.prepareMessage}</Button>
    </Form>
  );
}
