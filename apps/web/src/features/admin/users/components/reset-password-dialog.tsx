import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FAILURE_TOASTS, MIN_PASSWORD_LENGTH, SUCCESS_TOASTS, type User } from '@autostudio/protocol';
import { FormDialog, useSave } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { updateUser } from '@/api/users';

const schema = z
  .object({
    password: z.string().min(MIN_PASSWORD_LENGTH, `password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], message: 'The passwords differ' });

/** Gives a user a new password; every sign-in of theirs ends with it. */
export function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { error, save } = useSave(
    { success: SUCCESS_TOASTS.userUpdated, failure: FAILURE_TOASTS.updateUsers },
    onClose,
  );
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(({ password }) => save(() => updateUser(user.id, { password })));
  return (
    <FormDialog
      title={`Reset the password of ${user.name}`}
      description="They are signed out everywhere and sign in again with the new password."
      submitLabel="Reset password"
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      busy={isSubmitting}
      error={error}
    >
      <FormField label="New password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Repeat the new password" error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
      </FormField>
    </FormDialog>
  );
}
