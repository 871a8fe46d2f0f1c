import {
  FAMILIES,
  type FamilyDefinition,
  type PageView,
  type Permission,
  type ProgramFamily,
  type ProgramForm,
  programFamily,
  roleMay,
} from '@nlims/contracts';
import { useMemo } from 'react';
import { useAccess } from '../auth/useAccess';

/**
 * The programme a sample or result page serves: the one selected in the
 * session. Every page of this feature is one component for all fifteen
 * programmes; what differs comes from the family definition (contracts):
 * the wire form its API paths are built from, who may do what, and the
 * paths of its sibling pages.
 */
export interface Programme {
  /** The programme's name, as the API's `program__name` takes it. */
  name: string;
  family: ProgramFamily;
  definition: FamilyDefinition;
  /** `general_order`, `tb_sample`, … — every sample path is `/api/${form}/`. */
  form: ProgramForm;
  /** May the signed-in role do this in this programme? Buttons it may not use are hidden (the server checks anyway). */
  may: (permission: Permission) => boolean;
  /** The path of the family's page of a view, when the family has one. */
  pathOf: (view: PageView) => string | undefined;
}

/** The programme of a name and role; pure, for the hook and for tests. */
export function programmeOf(name: string, role: string | null | undefined): Programme {
  const family = programFamily(name);
  const definition = FAMILIES[family];
  return {
    name,
    family,
    definition,
    form: definition.form,
    may: (permission) => roleMay(role, name, permission),
    pathOf: (view) => definition.pages.find((p) => p.view === view)?.path,
  };
}

/** The selected programme (General when none is selected, which the route guard never lets through to these pages). */
export function useProgramme(): Programme {
  const { program, role } = useAccess();
  return useMemo(() => programmeOf(program ?? 'General', role), [program, role]);
}
