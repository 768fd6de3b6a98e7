import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  createUserRequestSchema,
  FAILURE_TOASTS,
  MIN_PASSWORD_LENGTH,
  ROLES,
  SUCCESS_TOASTS,
  type CreateUserRequest,
  type User,
} from '@autostudio/protocol';
import { FormDialog, useSave } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { createUser, updateUser } from '@/api/users';
import { RolePicker } from './role-picker';

export interface UserDialogProps {
  /** The user to edit, or null to create one. */
  user: User | null;
  /** The administrator at the keyboard: their own admin role cannot be taken away here. */
  me: User;
  onClose: () => void;
  onSaved: () => void;
}

// An edit changes the name and roles; the password has its own dialog.
const editSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  roles: z.array(z.enum(ROLES)).min(1, 'at least one role is required'),
});
type EditForm = z.infer<typeof editSchema>;

/** Create a user (username, name, password, roles) or edit one's name and roles. */
export function UserDialog({ user, me, onClose, onSaved }: UserDialogProps) {
  return user ? (
    <EditUserDialog user={user} me={me} onClose={onClose} onSaved={onSaved} />
  ) : (
    <CreateUserDialog onClose={onClose} onSaved={onSaved} />
  );
}

function CreateUserDialog({ onClose, onSaved }: Omit<UserDialogProps, 'user' | 'me'>) {
  const { error, save } = useSave({ success: SUCCESS_TOASTS.userCreated, failure: FAILURE_TOASTS.createUsers }, () => {
    onSaved();
    onClose();
  });
  const form = useForm<z.input<typeof createUserRequestSchema>, unknown, CreateUserRequest>({
    resolver: zodResolver(createUserRequestSchema),
    defaultValues: { username: '', name: '', password: '', roles: ['user'] },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) => save(() => createUser(values)));
  return (
    <FormDialog
      title="New user"
      description="They sign in with this username and password."
      submitLabel="Create user"
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      busy={isSubmitting}
      error={error}
    >
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Username" error={errors.username?.message}>
          <Input autoComplete="off" {...form.register('username')} />
        </FormField>
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
      </div>
      <FormField label="Password" error={errors.password?.message} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Controller
        control={form.control}
        name="roles"
        render={({ field, fieldState }) => (
          <div>
            <RolePicker value={field.value ?? []} onChange={field.onChange} invalid={Boolean(fieldState.error)} />
            {fieldState.error && <p className="mt-1 text-xs text-destructive">{fieldState.error.message}</p>}
          </div>
        )}
      />
    </FormDialog>
  );
}

function EditUserDialog({ user, me, onClose, onSaved }: UserDialogProps & { user: User }) {
  const { error, save } = useSave({ success: SUCCESS_TOASTS.userUpdated, failure: FAILURE_TOASTS.updateUsers }, () => {
    onSaved();
    onClose();
  });
  const form = useForm<EditForm>({
    resolver: zodResolver(editSchema),
    defaultValues: { name: user.name, roles: user.roles },
  });
  const { errors, isSubmitting } = form.formState;
  const isMe = user.id === me.id;
  const submit = form.handleSubmit((values) => save(() => updateUser(user.id, values)));
  return (
    <FormDialog
      title={`Edit ${user.name}`}
      description={`Username ${user.username}. A change of roles signs them out everywhere.`}
      submitLabel="Save changes"
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      busy={isSubmitting}
      error={error}
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <Controller
        control={form.control}
        name="roles"
        render={({ field, fieldState }) => (
          <div>
            <RolePicker
              value={field.value}
              onChange={field.onChange}
              invalid={Boolean(fieldState.error)}
              locked={isMe && user.roles.includes('admin') ? { admin: 'You cannot remove your own admin role' } : {}}
            />
            {fieldState.error && <p className="mt-1 text-xs text-destructive">{fieldState.error.message}</p>}
          </div>
        )}
      />
    </FormDialog>
  );
}
