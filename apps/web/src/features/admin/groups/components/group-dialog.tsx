import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { FAILURE_TOASTS, SUCCESS_TOASTS, type Group } from '@autostudio/protocol';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { createGroup, updateGroup } from '@/api/groups';

export interface GroupDialogProps {
  /** The group to rename, or null to create one. */
  group: Group | null;
  onClose: () => void;
  onSaved: () => void;
}

// The server's limits (createGroupRequestSchema), checked here so that the form says them before a round trip.
const schema = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  description: z.string().trim().max(2000),
});
type GroupForm = z.infer<typeof schema>;

/** Create a group, or rename one and change its description; members have their own dialog. */
export function GroupDialog({ group, onClose, onSaved }: GroupDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<GroupForm>({
    resolver: zodResolver(schema),
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      if (group) await updateGroup(group.id, values);
      else await createGroup(values);
      toast.success(group ? SUCCESS_TOASTS.groupUpdated : SUCCESS_TOASTS.groupCreated);
      onSaved();
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      toast.error(group ? FAILURE_TOASTS.updateGroups : FAILURE_TOASTS.createGroups);
    }
  });
  return (
    <FormDialog
      title={group ? `Edit ${group.name}` : 'New group'}
      description={
        group
          ? 'Items shared with the group stay shared under its new name.'
          : 'Share configurations, presets and models with everyone in it at once.'
      }
      submitLabel={group ? 'Save changes' : 'Create group'}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      busy={isSubmitting}
      error={error}
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message} hint="Optional: who is in it, and why.">
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
    </FormDialog>
  );
}
