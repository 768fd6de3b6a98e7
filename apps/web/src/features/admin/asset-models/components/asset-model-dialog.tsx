import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import {
  createAssetModelFieldsSchema,
  FAILURE_TOASTS,
  formatBytes,
  SUCCESS_TOASTS,
  type AssetModel,
} from '@autostudio/protocol';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { updateAssetModel, type AssetModelFields, type AssetModelFilterOptions } from '@/api/asset-models';
import { uploadAssetModel } from '../api/upload-asset-model';
import {
  MODEL_ACCEPT,
  MODEL_FILE_HINT,
  MODEL_TYPES_LABEL,
  modelFileProblem,
  PREVIEW_ACCEPT,
  previewFileProblem,
} from '../lib/model-file-check';
import { useUploadProgress } from '../lib/use-upload-progress';
import { UploadProgressBar } from './upload-progress-bar';

/** What the dialog does: upload a new model, upload a new version of one, or change one version's metadata. */
export type AssetModelDialogMode = { mode: 'create' } | { mode: 'version' | 'edit'; model: AssetModel };

export interface AssetModelDialogProps {
  open: AssetModelDialogMode;
  /** Whether the model is its newest version (the list shows latest versions only), so n+1 can be named. */
  latest: boolean;
  /** Values in use, offered as suggestions for category, type, brand and region. */
  options: AssetModelFilterOptions | undefined;
  onClose: () => void;
  onSaved: () => void;
}

const fieldsSchema = createAssetModelFieldsSchema.pick({
  name: true,
  description: true,
  category: true,
  type: true,
  brand: true,
  region: true,
});
type FieldsInput = z.input<typeof fieldsSchema>;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

const TEXT = {
  create: {
    title: 'New asset model',
    submit: 'Upload model',
    success: SUCCESS_TOASTS.assetModelCreated,
    failure: FAILURE_TOASTS.createAssetModel,
  },
  version: {
    title: 'New version',
    submit: 'Upload version',
    success: SUCCESS_TOASTS.assetModelUpdated,
    failure: FAILURE_TOASTS.updateAssetModel,
  },
  edit: {
    title: 'Edit asset model',
    submit: 'Save changes',
    success: SUCCESS_TOASTS.assetModelUpdated,
    failure: FAILURE_TOASTS.updateAssetModel,
  },
} as const;

/**
 * Upload a car (GLB, glTF or ZIP) with its metadata and an optional preview image, upload a new version of one
 * (its metadata prefilled; the server numbers it n+1 of the same model), or edit a version's metadata. An upload
 * shows a bar with percent and megabytes and can be cancelled; the server's refusal stays in the dialog.
 */
export function AssetModelDialog({ open, latest, options, onClose, onSaved }: AssetModelDialogProps) {
  const model = open.mode === 'create' ? null : open.model;
  const text = TEXT[open.mode];
  const needsFile = open.mode !== 'edit';
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<File | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const upload = useUploadProgress();
  // The running upload's controller: cancelling stops it and closes the dialog, and so does closing it any other way.
  const [running, setRunning] = useState<AbortController | null>(null);
  useEffect(() => () => running?.abort(), [running]);
  const listIds = useId();

  const form = useForm<FieldsInput, unknown, AssetModelFields>({
    resolver: zodResolver(fieldsSchema),
    defaultValues: {
      name: model?.name ?? '',
      description: model?.description ?? '',
      category: model?.category ?? '',
      type: model?.type ?? '',
      brand: model?.brand ?? '',
      region: model?.region ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  // Not useSave: a cancelled upload is the user's choice, not a failure, and must not toast one.
  const submit = form.handleSubmit(async (fields) => {
    setError(null);
    if (needsFile && !file) {
      setFileError(`Choose the model file (${MODEL_TYPES_LABEL}).`);
      return;
    }
    if (fileError || previewError) return;
    try {
      if (needsFile && file) {
        const controller = new AbortController();
        setRunning(controller);
        await uploadAssetModel(
          { fields, file, previewFile: preview ?? undefined, newVersionOf: model?.id },
          { onProgress: upload.report, signal: controller.signal },
        );
        upload.finish();
      } else if (model) {
        await updateAssetModel(model.id, fields, preview ?? undefined);
      }
      toast.success(text.success(fields.name));
      onSaved();
      onClose();
    } catch (caught) {
      upload.reset();
      if (isAbort(caught)) return;
      setError(errorText(caught));
      toast.error(text.failure);
    }
  });

  const cancel = () => {
    running?.abort();
    onClose();
  };

  const suggestions = (name: 'category' | 'type' | 'brand' | 'region') => {
    const values = {
      category: options?.categories,
      type: options?.types,
      brand: options?.brands,
      region: options?.regions,
    }[name];
    return (
      <datalist id={`${listIds}-${name}`}>
        {values?.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
    );
  };
  const labelField = (name: 'category' | 'type' | 'brand' | 'region', label: string) => (
    <FormField label={label} error={errors[name]?.message}>
      <Input autoComplete="off" list={`${listIds}-${name}`} {...form.register(name)} />
    </FormField>
  );

  const description =
    open.mode === 'create'
      ? `A car for the studio: a ${MODEL_TYPES_LABEL} file, its details and a preview image. It becomes version 1.`
      : open.mode === 'version'
        ? `${open.model.name}, version ${open.model.version}: a new file becomes ${latest ? `version ${open.model.version + 1}` : 'the newest version'} of this model; earlier versions are kept.`
        : `${open.model.name}, version ${open.model.version}. A new model file goes through “New version”.`;

  return (
    <FormDialog
      title={
        open.mode === 'edit'
          ? `Edit ${open.model.name}`
          : open.mode === 'version'
            ? `New version of ${open.model.name}`
            : text.title
      }
      description={description}
      submitLabel={text.submit}
      onSubmit={(event) => void submit(event)}
      onClose={cancel}
      busy={isSubmitting}
      cancellable={needsFile}
      error={error}
      width="max-w-xl"
    >
      {needsFile && (
        <FormField
          label="Model file"
          error={fileError}
          hint={file ? `${file.name} · ${formatBytes(file.size)}` : MODEL_FILE_HINT}
        >
          <Input
            type="file"
            accept={MODEL_ACCEPT}
            disabled={isSubmitting}
            className="py-1 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-0.5 file:text-[12px] file:text-foreground"
            onChange={(event) => {
              const picked = event.target.files?.[0] ?? null;
              setFile(picked);
              setFileError(picked ? modelFileProblem(picked) : null);
            }}
          />
        </FormField>
      )}
      {upload.progress && file && <UploadProgressBar progress={upload.progress} fileName={file.name} />}
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        {labelField('category', 'Category')}
        {labelField('type', 'Type')}
        {labelField('brand', 'Brand')}
        {labelField('region', 'Region')}
      </div>
      {suggestions('category')}
      {suggestions('type')}
      {suggestions('brand')}
      {suggestions('region')}
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={2} {...form.register('description')} />
      </FormField>
      <FormField
        label="Preview image"
        error={previewError}
        hint={
          model?.previewUrl
            ? 'Optional: replaces the current preview.'
            : 'Optional: PNG, JPEG or WebP, shown in lists and on the landing page.'
        }
      >
        <Input
          type="file"
          accept={PREVIEW_ACCEPT}
          disabled={isSubmitting}
          className="py-1 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-0.5 file:text-[12px] file:text-foreground"
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            setPreview(picked);
            setPreviewError(picked ? previewFileProblem(picked) : null);
          }}
        />
      </FormField>
    </FormDialog>
  );
}
