import adminFacility from './features/admin-facility/module';
import adminGlobal from './features/admin-global/module';
import assets from './features/assets/module';
import billing from './features/billing/module';
import clients from './features/clients/module';
import clinical from './features/clinical/module';
import consumables from './features/consumables/module';
import dhis2 from './features/dhis2/module';
import dispatch from './features/dispatch/module';
import eid from './features/eid/module';
import files from './features/files/module';
import help from './features/help/module';
import instruments from './features/instruments/module';
import interop from './features/interop/module';
import nonconformity from './features/nonconformity/module';
import notifications from './features/notifications/module';
import offline from './features/offline/module';
import ph from './features/ph/module';
import qc from './features/qc/module';
import reports from './features/reports/module';
import tb from './features/tb/module';
import tier from './features/tier/module';
import users from './features/users/module';
import vl from './features/vl/module';
import worksheets from './features/worksheets/module';
import type { WebModule } from './shared/registry';

/**
 * The web module registry: the one list of the features that add pages, badges or slot fillings to the
 * signed-in app, each declared in its own `features/<name>/module.tsx`. The route table (routes.tsx), the
 * sidebar's badges and every slot read this list (through ModulesProvider); nothing else names a module.
 * A feature left out here is simply not in the app: its pages show the placeholder and its slots stay empty.
 */
export const MODULES: readonly WebModule[] = [
  clinical,
  qc,
  worksheets,
  clients,
  offline,
  dispatch,
  billing,
  files,
  nonconformity,
  notifications,
  interop,
  instruments,
  assets,
  consumables,
  tb,
  eid,
  vl,
  ph,
  reports,
  tier,
  adminGlobal,
  adminFacility,
  users,
  dhis2,
  help,
];
