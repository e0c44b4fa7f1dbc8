import deAlerts from './de/alerts';
import deApitokens from './de/apitokens';
import deCommon from './de/common';
import deCompanies from './de/companies';
import deLogin from './de/login';
import deMedia from './de/media';
import deUsers from './de/users';
import enAlerts from './en/alerts';
import enApitokens from './en/apitokens';
import enCommon from './en/common';
import enCompanies from './en/companies';
import enLogin from './en/login';
import enMedia from './en/media';
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
  },
  de: {
    common: deCommon,
    alerts: deAlerts,
    apitokens: deApitokens,
    media: deMedia,
    companies: deCompanies,
    users: deUsers,
    login: deLogin,
  },
};

export const NAMESPACES = Object.keys(resources.en);
