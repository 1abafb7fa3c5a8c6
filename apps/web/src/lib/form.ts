// The one form idiom (STYLE): react-hook-form validated by the zod schema of the operation's
// contract (or one built on it), and the server's validation issues put back on the fields they
// name. Messages are locale keys (`vault:errors.amountInvalid`), translated where shown.
import {
  type FieldPath,
  type FieldValues,
  useForm,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * A form checked by `schema` when a field is left and on submit; `handleSubmit` hands the
 * schema's output (trimmed, transformed) to the submit function. A submit that fails the check
 * puts the cursor on the first field to fix as the page shows them (WCAG 3.3.1), not in the order
 * the fields happened to register.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<
    UseFormProps<z.input<Schema>, unknown, z.output<Schema>>,
    'resolver' | 'shouldFocusError'
  > = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onTouched',
    ...options,
    shouldFocusError: false,
    resolver: zodResolver(schema),
  });
  const { submitCount } = form.formState;
  useEffect(() => {
    if (submitCount > 0) focusFirstOnPage(errorNames(form.formState.errors));
  }, [form, submitCount]);
  return form;
}

/** The field names an errors object holds, nested ones dotted (`items.0.name`). */
function errorNames(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]: [string, unknown]) => {
    if (typeof value !== 'object' || value === null || key === 'root') return [];
    const name = prefix + key;
    return 'message' in value || 'type' in value ? [name] : errorNames(value, `${name}.`);
  });
}

function focusFirstOnPage(names: readonly string[]): void {
  const fields = names
    .flatMap((name) => [...document.getElementsByName(name)])
    .filter((field) => !field.hasAttribute('disabled'));
  const first = fields.reduce<HTMLElement | undefined>(
    (earliest, field) =>
      !earliest || earliest.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_PRECEDING
        ? field
        : earliest,
    undefined,
  );
  first?.focus();
}

/**
 * Puts the issues of a VALIDATION answer on the fields they name (`body.email` → `email`,
 * `body.items.0.name` → `items.0.name`). True when at least one landed on a field of the form;
 * false for any other failure, which the caller reports its own way.
 */
export function setServerIssues<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, FieldValues>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || error.issues.length === 0) return false;
  let landed = false;
  for (const issue of error.issues) {
    // cast: the server names a field of the body this form sends; one the form does not hold
    // reads as undefined on the next line and is skipped.
    const name = issue.path.replace(/^body\./, '') as FieldPath<Values>;
    if (form.getValues(name) === undefined) continue;
    form.setError(name, { type: 'server', message: issue.message }, { shouldFocus: !landed });
    landed = true;
  }
  return landed;
}
