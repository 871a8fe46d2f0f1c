import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { applyFieldErrors } from '../../api/forms';
import { useNotices } from '../../shared/notices';
import { useSave } from './queries';
import type { FieldSpec, ResourceConfig, Row, Values } from './types';
import { validateBody, type FieldError } from './validate';

/** Server errors on body fields the form shows under another name (age_min_days → age_min). */
function renamed(error: unknown, rename: Record<string, string> | undefined): unknown {
  if (!rename || !(error instanceof ApiError) || !error.fieldErrors) return error;
  const body = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [rename[field] ?? field, messages]));
  return new ApiError(error.status, body, error.message);
}

/** Errors inside a list field (programs_roles.0.roles) are shown on the list field itself. */
function onTopFields(errors: FieldError[]) {
  const merged = new Map<string, string[]>();
  for (const e of errors) merged.set(String(e.name[0]), [...(merged.get(String(e.name[0])) ?? []), ...e.errors]);
  return [...merged].map(([name, list]) => ({ name, errors: list }));
}

/**
 * Save a resource form: check the body with the contracts schema, send only
 * the fields the form shows, put a 400's messages on the fields (the client
 * has already raised the "Error Occurred..." notice), confirm success.
 */
export function useResourceSubmit(config: ResourceConfig, editing: Row | null, form: FormInstance<Values>, onDone: () => void) {
  const { t } = useTranslation('admin');
  const { message } = useNotices();
  const save = useSave(config.path);

  const labelOf = (name: string) => {
    const field = config.fields.find((f) => f.name === name);
    return field ? t(field.label) : name;
  };

  const submit = async (all: Values, shown: FieldSpec[]) => {
    const picked = Object.fromEntries(shown.map((f) => [f.name, all[f.name]]));
    const body = config.toBody ? config.toBody(picked) : picked;
    const schema = editing ? (config.updateSchema ?? config.schema) : config.schema;
    let data = body;
    if (schema) {
      const result = validateBody(schema, body, t, labelOf, config.errorFields);
      if ('errors' in result) {
        form.setFields(onTopFields(result.errors) as never);
        return;
      }
      data = Object.fromEntries(Object.keys(body).map((key) => [key, result.data[key]]));
    }
    try {
      await save.mutateAsync({ body: data, id: editing?.id });
      void message.success(t('form.saved'));
      onDone();
    } catch (error) {
      applyFieldErrors(form, renamed(error, config.errorFields));
    }
  };

  return { submit, pending: save.isPending };
}
