import { useCallback, useRef, useState, type SyntheticEvent } from 'react';
import { safeParse } from 'zod/mini';
import { loginRequestSchema, type LoginRequest } from '@autostudio/protocol';

type Field = keyof LoginRequest;
export type LoginFieldErrors = Partial<Record<Field, string>>;

/** The first message the schema has for each field, as a form shows them. */
function validate(values: LoginRequest): { data: LoginRequest | null; errors: LoginFieldErrors } {
  const parsed = safeParse(loginRequestSchema, values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}

/**
 * The sign-in form's state, with react-hook-form's behaviour for two fields: validation by the protocol's schema on
 * submit and, once submitted, on every change; focus on the first invalid field; the parsed (trimmed) values to
 * `onValid`; `isSubmitting` while it runs. Written here rather than with react-hook-form, the house's form library,
 * because it is the only form on the sign-in screen, whose JavaScript has a budget (150 kB gzipped,
 * apps/web/scripts/check-bundle-budget.mjs) that react-hook-form and its resolver (about 11 kB) would break.
 */
export function useLoginForm(onValid: (credentials: LoginRequest, setFocus: (field: Field) => void) => Promise<void>) {
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const setFocus = useCallback((field: Field) => inputs.current[field]?.focus(), []);

  const field = (name: Field) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted.current) setErrors(validate(next).errors);
    },
  });

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      setFocus(found.username ? 'username' : 'password');
      return;
    }
    setSubmitting(true);
    try {
      await onValid(data, setFocus);
    } finally {
      setSubmitting(false);
    }
  };

  return { field, errors, isSubmitting, onSubmit, setFocus };
}
