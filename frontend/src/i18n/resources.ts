import deAlerts from './de/alerts';
import deAudit from './de/audit';
import deBackups from './de/backups';
import deSqlbackup from './de/sqlbackup';
import deStatus from './de/status';
import deApitokens from './de/apitokens';
import deBulk from './de/bulk';
import deCommon from './de/common';
import deCompanies from './de/companies';
import deLogin from './de/login';
import deMedia from './de/media';
import deMessage from './de/message';
import deProofOfPlay from './de/proof-of-play';
import deUsers from './de/users';
import enAlerts from './en/alerts';
import enAudit from './en/audit';
import enBackups from './en/backups';
import enSqlbackup from './en/sqlbackup';
import enStatus from './en/status';
import enApitokens from './en/apitokens';
import enBulk from './en/bulk';
import enCommon from './en/common';
import enCompanies from './en/companies';
import enLogin from './en/login';
import enMedia from './en/media';
import enMessage from './en/message';
import enProofOfPlay from './en/proof-of-play';
import enUsers from './en/users';

/** Every language's resources, one file per namespace (a feature area, or `common`). */
export const resources = {
  en: {
    common: enCommon,
    alerts: enAlerts,
    apitokens: enApitokens,
    media: enMedia,
    companies: enCompanies,
    users: enUsers,
    login: enLogin,
    message: enMessage,
    bulk: enBulk,
    proofOfPlay: enProofOfPlay,
    backups: enBackups,
    sqlbackup: enSqlbackup,
    audit: enAudit,
    status: enStatus,
  },
  de: {
    common: deCommon,
    alerts: deAlerts,
    apitokens: deApitokens,
    media: deMedia,
    companies: deCompanies,
    users: deUsers,
    login: deLogin,
    message: deMessage,
    bulk: deBulk,
    proofOfPlay: deProofOfPlay,
    backups: deBackups,
    sqlbackup: deSqlbackup,
    audit: deAudit,
    status: deStatus,
  },
};

export const NAMESPACES = Object.keys(resources.en);
