import deAlerts from './de/alerts';
import deApitokens from './de/apitokens';
import deCommon from './de/common';
import deCompanies from './de/companies';
import deMedia from './de/media';
import enAlerts from './en/alerts';
import enApitokens from './en/apitokens';
import enCommon from './en/common';
import enCompanies from './en/companies';
import enMedia from './en/media';

/** Every language's resources, one file per namespace (a feature area, or `common`). */
export const resources = {
  en: {
    common: enCommon,
    alerts: enAlerts,
    apitokens: enApitokens,
    media: enMedia,
    companies: enCompanies,
  },
  de: {
    common: deCommon,
    alerts: deAlerts,
    apitokens: deApitokens,
    media: deMedia,
    companies: deCompanies,
  },
};

export const NAMESPACES = Object.keys(resources.en);
