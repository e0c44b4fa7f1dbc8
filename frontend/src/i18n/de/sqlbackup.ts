/** German: SQL Backup Status, its count buttons and table, the stale marker (keys as in en). */
export default {
  page: {
    title: 'Status der SQL-Sicherungsinstallationen der Standorte',
    loadFailed: 'Die Daten der SQL-Sicherungsinstallationen konnten nicht abgerufen werden',
    loadFailedToast: 'Die Daten der SQL-Sicherungsinstallationen konnten nicht abgerufen werden',
    noData: 'Keine Daten gefunden',
  },
  labels: {
    installations: 'SQL-Sicherungsinstallationen',
    filter: 'Nach Ergebnis filtern',
    company: 'Unternehmen',
    store: 'Filiale',
    name: 'Name',
    started: 'Gestartet',
    finished: 'Beendet',
    result: 'Ergebnis',
    details: 'Installation {{name}}',
    close: 'Schließen',
    loading: 'Wird geladen',
    countButton_one: '{{label}} (1)',
    countButton_other: '{{label}} ({{count}})',
    countLoading: '{{label}} (…)',
  },
  outcomes: {
    successful: 'Erfolgreich',
    failed: 'Fehlgeschlagen',
    notRun: 'Nicht gelaufen',
    noJobs: 'Keine Aufträge',
    inactive: 'Inaktiver Standort',
    all: 'Alle',
  },
  stale: {
    label: 'Veraltet',
    reasons: {
      reportOverdue: 'Die Filiale hat seit drei Meldeintervallen nichts gemeldet',
      backupOverdue: 'Keine erfolgreiche Sicherung innerhalb der Frist',
    },
    notice_one: '1 SQL-Sicherungsinstallation ist veraltet',
    notice_other: '{{count}} SQL-Sicherungsinstallationen sind veraltet',
  },
};
