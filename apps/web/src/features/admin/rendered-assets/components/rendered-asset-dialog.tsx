import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FAILURE_TOASTS, plainText, SUCCESS_TOASTS, type RenderedAsset } from '@autostudio/protocol';
import { FormDialog, useSave } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { updateRenderedAsset, type RenderedAssetFields, type RenderedAssetFilterOptions } from '@/api/rendered-assets';

export interface RenderedAssetDialogProps {
  asset: RenderedAsset;
  /** Values in use, offered as suggestions for category and brand. */
  options: RenderedAssetFilterOptions | undefined;
  onClose: () => void;
  onSaved: () => void;
}

// The fields of PUT /asset-rendered/{id} a person edits (the type says what the render is: still or video).
const label = plainText(z.string().trim().max(100));
const schema = z.object({
  name: plainText(z.string().trim().min(1, 'name is required').max(200)),
  description: z.string().trim().max(5000),
  category: label,
  brand: label,
});

/** Edit a render's name, description, category and brand. */
export function RenderedAssetDialog({ asset, options, onClose, onSaved }: RenderedAssetDialogProps) {
  const { error, save } = useSave(
    {
      success: (saved: RenderedAsset) => SUCCESS_TOASTS.renderedAssetUpdated(saved.name),
      failure: FAILURE_TOASTS.updateAssetRendered,
    },
    () => {
      onSaved();
      onClose();
    },
  );
  const lists = useId();
  const form = useForm<z.input<typeof schema>, unknown, RenderedAssetFields>({
    resolver: zodResolver(schema),
    defaultValues: { name: asset.name, description: asset.description, category: asset.category, brand: asset.brand },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) => save(() => updateRenderedAsset(asset.id, values)));
  return (
    <FormDialog
      title={`Edit ${asset.name}`}
      description="What the render is called and how it is filed; its files stay as they are."
      submitLabel="Save changes"
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      busy={isSubmitting}
      error={error}
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Category" error={errors.category?.message}>
          <Input autoComplete="off" list={`${lists}-category`} {...form.register('category')} />
        </FormField>
        <FormField label="Brand" error={errors.brand?.message}>
          <Input autoComplete="off" list={`${lists}-brand`} {...form.register('brand')} />
        </FormField>
      </div>
      <datalist id={`${lists}-category`}>
        {options?.categories.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <datalist id={`${lists}-brand`}>
        {options?.brands.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
    </FormDialog>
  );
}
