/** German: companies administration (keys as in en/companies.ts). */
export default {
  companies: {
    updateSites: 'EvoConnect-Filialen aktualisieren',
    available: 'Verfügbare Unternehmen für evoConnect',
    current: 'Unternehmen derzeit in evoConnect',
    noCompanies: 'Keine Unternehmen',
    editCompanyDetails: 'Unternehmensdaten bearbeiten',
    usingCompanyLevel: 'derzeit auf Unternehmensebene',
    usingLocalIds: 'derzeit mit lokalen IDs',
    saveChanges: 'Änderungen speichern',
  },
  removal: {
    emptyList:
      'Die Unternehmensliste darf nicht leer sein: Alle Unternehmen auf einmal zu entfernen wird abgelehnt. Behalten Sie mindestens ein Unternehmen.',
    confirmNeeded:
      'Das Entfernen dieser Unternehmen blendet ihre Konfiguration aus (sie bleibt erhalten; erneutes Hinzufügen stellt sie wieder her):',
    title: 'Unternehmen entfernen?',
    intro:
      'Diese Unternehmen haben eine Konfiguration, die nicht mehr wirkt, wenn sie entfernt werden. Sie bleibt erhalten, und erneutes Hinzufügen eines Unternehmens stellt sie wieder her.',
    yes: 'Entfernen',
    no: 'Abbrechen',
  },
  timeZone: {
    companyDefault: 'Standard-Zeitzone der Filialen',
    companyHelp:
      'Wiederkehrende Zeitpläne (Dayparting) laufen in der eigenen Zeitzone einer Filiale, sonst in dieser (UTC, wenn leer). Ein IANA-Name wie Europe/Berlin.',
    save: 'Zeitzone speichern',
    saved: 'Zeitzone gespeichert',
    invalid: 'muss eine Zeitzone wie Europe/Berlin sein',
    noCompany: 'Das Unternehmen hat keinen Stammdatensatz',
    storeZone: 'Zeitpläne laufen in {{zone}}',
    source: {
      store: 'die eigene Zeitzone der Filiale',
      company: 'die Standard-Zeitzone des Unternehmens',
      default: 'für die Filiale und ihr Unternehmen ist keine Zeitzone festgelegt',
    },
  },
  store: {
    unableToOpen: 'Die Anwendung kann nicht geöffnet werden',
    noSuitableBos: 'Keine passende evoBOS-Version verfügbar',
  },
};
