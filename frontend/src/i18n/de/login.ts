/** German: login, single sign-on's return and the site connection's timeout (keys as in en/login.ts). */
export default {
  login: {
    failed: 'Anmeldung am Portal fehlgeschlagen',
    disabled:
      'Das Benutzerkonto ist deaktiviert. Bitte wenden Sie sich an den Systemadministrator.',
    returnToLogin: 'Zurück zur Anmeldung',
    usernameRequired: 'Benutzername ist erforderlich',
    passwordRequired: 'Passwort ist erforderlich',
  },
  sso: {
    signInWith: 'Mit {{label}} anmelden',
    or: 'oder',
    completing: 'Sie werden angemeldet…',
    codeInvalid:
      'Diese Anmeldung ist abgelaufen oder wurde bereits verwendet. Bitte melden Sie sich erneut an.',
    notConfigured: 'Single Sign-on ist nicht eingerichtet',
    passwordLoginOff:
      'Dieses Konto meldet sich mit Single Sign-on an. Verwenden Sie stattdessen die Anmeldeschaltfläche.',
    errors: {
      disabled: 'Single Sign-on ist auf diesem Portal nicht eingerichtet.',
      provider_unavailable:
        'Der Identitätsanbieter war nicht erreichbar oder ist nicht der eingerichtete. Bitte versuchen Sie es später erneut oder wenden Sie sich an den Systemadministrator.',
      provider_denied: 'Der Identitätsanbieter hat Sie nicht angemeldet.',
      flow_invalid:
        'Diese Anmeldung wurde nicht hier begonnen oder ist abgelaufen. Bitte melden Sie sich erneut an.',
      token_refused:
        'Die Antwort des Identitätsanbieters konnte nicht überprüft werden, daher wurden Sie nicht angemeldet. Bitte wenden Sie sich an den Systemadministrator.',
      no_email: 'Der Identitätsanbieter hat keine E-Mail-Adresse für Ihr Konto übermittelt.',
      username_taken:
        'Ein Konto mit Ihrer E-Mail-Adresse besteht bereits und ist nicht mit Single Sign-on verknüpft. Bitte wenden Sie sich an den Systemadministrator.',
      not_mapped:
        'Ihr Konto wurde angelegt, aber noch keine Ihrer Gruppen gewährt Zugriff. Ein Administrator muss es aktivieren.',
      account_disabled:
        'Das Benutzerkonto ist deaktiviert. Bitte wenden Sie sich an den Systemadministrator.',
    },
  },
  timeout: {
    title: 'Standortverbindung',
    body: 'Die Standortverbindung wurde wegen Inaktivität geschlossen',
    closedByAdmin: 'Die Standortverbindung wurde von einem Administrator geschlossen',
  },
};
