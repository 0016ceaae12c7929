import type { MailLanguage, NotificationEvent } from '@portal/contracts/alerts';

/** How a mail tells of one kind of notification. */
export interface EventTexts {
  /** The item's heading; `label` is the version, or a notice's kind. */
  heading: (label: string) => string;
  subject: (title: string, label: string) => string;
  /** Whether `label` is a version, shown on its own line (a notice's kind is in its heading). */
  showsVersion: boolean;
  /** What the change note is called. */
  note: string;
  /** The link's text. */
  open: string;
  /** What a mail of this one item says before and after it, when not the alert mails' (a digest keeps those). */
  intro?: string;
  footer?: string;
}

/** The texts of the alert mails and the unsubscribe pages, per language (the web app's locales are not loaded by the API). */
export interface MailTexts {
  events: Readonly<Record<NotificationEvent, EventTexts>>;
  digestSubject: (count: number) => string;
  intro: string;
  digestIntro: (count: number) => string;
  version: string;
  footer: string;
  unsubscribe: string;
  confirmTitle: string;
  confirmText: string;
  confirmButton: string;
  doneTitle: string;
  doneText: string;
  invalidTitle: string;
  invalidText: string;
}

/** A paper request's heading per state (an unknown one reads as the last). */
const byState = (texts: Readonly<Record<'requested' | 'printed' | 'shipped', string>>) => (state: string) =>
  state === 'requested' || state === 'printed' ? texts[state] : texts.shipped;

const en: MailTexts = {
  events: {
    newDocument: { heading: () => 'New document', subject: (title) => `New document: ${title}`, showsVersion: true, note: 'Change note', open: 'Open the document' },
    newVersion: {
      heading: () => 'New version',
      subject: (title, version) => `New version ${version} of ${title}`,
      showsVersion: true,
      note: 'Change note',
      open: 'Open the document',
    },
    translationCaughtUp: {
      heading: () => 'Translation up to date with its original',
      subject: (title, version) => `${title} (version ${version}) is up to date with its original again`,
      showsVersion: true,
      note: 'Change note',
      open: 'Open the document',
    },
    newSoftwareVersion: {
      heading: () => 'New software version',
      subject: (title, version) => `New software version ${version} of ${title}`,
      showsVersion: true,
      note: 'Release notes',
      open: 'Open the software',
    },
    newCadRelease: {
      heading: () => 'New CAD library version',
      subject: (title, version) => `New version ${version} of the CAD library ${title}`,
      showsVersion: true,
      note: 'Version notes',
      open: 'Open the partner libraries',
    },
    notice: {
      heading: (kind) => (kind === 'safety' ? 'Safety notice' : 'Change notice'),
      subject: (title, kind) => `${kind === 'safety' ? 'Safety notice' : 'Change notice'}: ${title}`,
      showsVersion: false,
      note: 'Details',
      open: 'Open the machine',
    },
    paperRequest: {
      heading: byState({ requested: 'Request for printed instructions received', printed: 'Printed instructions printed', shipped: 'Printed instructions shipped' }),
      subject: (serial, state) => `${en.events.paperRequest.heading(state)}: ${serial}`,
      showsVersion: false,
      note: 'Details',
      open: 'Open the machine',
      intro: 'News about the printed instructions you requested in the Technical Resources Portal:',
      footer: 'You receive this mail because you requested printed instructions for this machine in the portal.',
    },
    feedbackFixed: {
      heading: () => 'Your feedback was addressed',
      subject: (title) => `Your feedback was addressed: ${title}`,
      showsVersion: false,
      note: 'Note from the publisher',
      open: 'Open it in the portal',
      intro: 'Thank you for your feedback in the Technical Resources Portal. The publishers have fixed what you reported:',
      footer: 'You receive this mail because you left feedback on this item in the portal.',
    },
  },
  digestSubject: (count) => (count === 1 ? '1 update in the Technical Resources Portal' : `${count} updates in the Technical Resources Portal`),
  intro: 'There is news about something you follow in the Technical Resources Portal:',
  digestIntro: (count) => (count === 1 ? 'One update was published for you:' : `${count} updates were published for you:`),
  version: 'Version',
  footer: 'You receive this mail because you follow this item, its product, a machine or a search in the portal. Manage your alerts in the portal.',
  unsubscribe: 'Unsubscribe from these mails',
  confirmTitle: 'Unsubscribe',
  confirmText: 'Stop receiving alert mails from the Technical Resources Portal? Notifications in the portal stay on.',
  confirmButton: 'Unsubscribe',
  doneTitle: 'Unsubscribed',
  doneText: 'You will receive no more alert mails. You can turn them on again in the portal.',
  invalidTitle: 'Invalid link',
  invalidText: 'This unsubscribe link is not valid.',
};

const fr: MailTexts = {
  events: {
    newDocument: { heading: () => 'Nouveau document', subject: (title) => `Nouveau document : ${title}`, showsVersion: true, note: 'Note de modification', open: 'Ouvrir le document' },
    newVersion: {
      heading: () => 'Nouvelle version',
      subject: (title, version) => `Nouvelle version ${version} de ${title}`,
      showsVersion: true,
      note: 'Note de modification',
      open: 'Ouvrir le document',
    },
    translationCaughtUp: {
      heading: () => 'Traduction à jour de son original',
      subject: (title, version) => `${title} (version ${version}) est de nouveau à jour de son original`,
      showsVersion: true,
      note: 'Note de modification',
      open: 'Ouvrir le document',
    },
    newSoftwareVersion: {
      heading: () => 'Nouvelle version de logiciel',
      subject: (title, version) => `Nouvelle version ${version} du logiciel ${title}`,
      showsVersion: true,
      note: 'Notes de version',
      open: 'Ouvrir le logiciel',
    },
    newCadRelease: {
      heading: () => 'Nouvelle version de bibliothèque CAO',
      subject: (title, version) => `Nouvelle version ${version} de la bibliothèque CAO ${title}`,
      showsVersion: true,
      note: 'Notes de version',
      open: 'Ouvrir les bibliothèques partenaires',
    },
    notice: {
      heading: (kind) => (kind === 'safety' ? 'Avis de sécurité' : 'Avis de modification'),
      subject: (title, kind) => `${kind === 'safety' ? 'Avis de sécurité' : 'Avis de modification'} : ${title}`,
      showsVersion: false,
      note: 'Détails',
      open: 'Ouvrir la machine',
    },
    paperRequest: {
      heading: byState({ requested: 'Demande d’instructions imprimées reçue', printed: 'Instructions imprimées', shipped: 'Instructions imprimées expédiées' }),
      subject: (serial, state) => `${fr.events.paperRequest.heading(state)} : ${serial}`,
      showsVersion: false,
      note: 'Détails',
      open: 'Ouvrir la machine',
      intro: 'Du nouveau sur les instructions imprimées que vous avez demandées sur le portail des ressources techniques :',
      footer: 'Vous recevez ce message parce que vous avez demandé les instructions imprimées de cette machine sur le portail.',
    },
    feedbackFixed: {
      heading: () => 'Votre avis a été pris en compte',
      subject: (title) => `Votre avis a été pris en compte : ${title}`,
      showsVersion: false,
      note: 'Note de l’éditeur',
      open: 'Ouvrir sur le portail',
      intro: 'Merci pour votre avis sur le portail des ressources techniques. Les éditeurs ont corrigé ce que vous avez signalé :',
      footer: 'Vous recevez ce message parce que vous avez donné votre avis sur cet élément sur le portail.',
    },
  },
  digestSubject: (count) => (count === 1 ? '1 nouveauté sur le portail des ressources techniques' : `${count} nouveautés sur le portail des ressources techniques`),
  intro: 'Du nouveau sur un élément que vous suivez sur le portail des ressources techniques :',
  digestIntro: (count) => (count === 1 ? 'Une nouveauté a été publiée pour vous :' : `${count} nouveautés ont été publiées pour vous :`),
  version: 'Version',
  footer: 'Vous recevez ce message parce que vous suivez cet élément, son produit, une machine ou une recherche sur le portail. Gérez vos alertes sur le portail.',
  unsubscribe: 'Se désabonner de ces e-mails',
  confirmTitle: 'Se désabonner',
  confirmText: 'Ne plus recevoir les e-mails d’alerte du portail des ressources techniques ? Les notifications dans le portail restent actives.',
  confirmButton: 'Se désabonner',
  doneTitle: 'Désabonnement effectué',
  doneText: 'Vous ne recevrez plus d’e-mails d’alerte. Vous pouvez les réactiver sur le portail.',
  invalidTitle: 'Lien non valide',
  invalidText: 'Ce lien de désabonnement n’est pas valide.',
};

const de: MailTexts = {
  events: {
    newDocument: { heading: () => 'Neues Dokument', subject: (title) => `Neues Dokument: ${title}`, showsVersion: true, note: 'Änderungshinweis', open: 'Dokument öffnen' },
    newVersion: {
      heading: () => 'Neue Version',
      subject: (title, version) => `Neue Version ${version} von ${title}`,
      showsVersion: true,
      note: 'Änderungshinweis',
      open: 'Dokument öffnen',
    },
    translationCaughtUp: {
      heading: () => 'Übersetzung auf dem Stand des Originals',
      subject: (title, version) => `${title} (Version ${version}) ist wieder auf dem Stand des Originals`,
      showsVersion: true,
      note: 'Änderungshinweis',
      open: 'Dokument öffnen',
    },
    newSoftwareVersion: {
      heading: () => 'Neue Softwareversion',
      subject: (title, version) => `Neue Softwareversion ${version} von ${title}`,
      showsVersion: true,
      note: 'Versionshinweise',
      open: 'Software öffnen',
    },
    newCadRelease: {
      heading: () => 'Neue Version einer CAD-Bibliothek',
      subject: (title, version) => `Neue Version ${version} der CAD-Bibliothek ${title}`,
      showsVersion: true,
      note: 'Versionshinweise',
      open: 'Partnerbibliotheken öffnen',
    },
    notice: {
      heading: (kind) => (kind === 'safety' ? 'Sicherheitshinweis' : 'Änderungsmitteilung'),
      subject: (title, kind) => `${kind === 'safety' ? 'Sicherheitshinweis' : 'Änderungsmitteilung'}: ${title}`,
      showsVersion: false,
      note: 'Details',
      open: 'Maschine öffnen',
    },
    paperRequest: {
      heading: byState({ requested: 'Anforderung gedruckter Anleitungen eingegangen', printed: 'Gedruckte Anleitungen gedruckt', shipped: 'Gedruckte Anleitungen versandt' }),
      subject: (serial, state) => `${de.events.paperRequest.heading(state)}: ${serial}`,
      showsVersion: false,
      note: 'Details',
      open: 'Maschine öffnen',
      intro: 'Neuigkeiten zu den gedruckten Anleitungen, die Sie im Portal für technische Ressourcen angefordert haben:',
      footer: 'Sie erhalten diese E-Mail, weil Sie im Portal gedruckte Anleitungen für diese Maschine angefordert haben.',
    },
    feedbackFixed: {
      heading: () => 'Ihre Rückmeldung wurde bearbeitet',
      subject: (title) => `Ihre Rückmeldung wurde bearbeitet: ${title}`,
      showsVersion: false,
      note: 'Hinweis der Redaktion',
      open: 'Im Portal öffnen',
      intro: 'Vielen Dank für Ihre Rückmeldung im Portal für technische Ressourcen. Die Redaktion hat behoben, was Sie gemeldet haben:',
      footer: 'Sie erhalten diese E-Mail, weil Sie im Portal eine Rückmeldung zu diesem Eintrag gegeben haben.',
    },
  },
  digestSubject: (count) => (count === 1 ? '1 Neuigkeit im Portal für technische Ressourcen' : `${count} Neuigkeiten im Portal für technische Ressourcen`),
  intro: 'Es gibt Neues zu etwas, dem Sie im Portal für technische Ressourcen folgen:',
  digestIntro: (count) => (count === 1 ? 'Eine Neuigkeit wurde für Sie veröffentlicht:' : `${count} Neuigkeiten wurden für Sie veröffentlicht:`),
  version: 'Version',
  footer: 'Sie erhalten diese E-Mail, weil Sie diesem Element, seinem Produkt, einer Maschine oder einer Suche im Portal folgen. Ihre Benachrichtigungen verwalten Sie im Portal.',
  unsubscribe: 'Diese E-Mails abbestellen',
  confirmTitle: 'Abbestellen',
  confirmText: 'Keine Benachrichtigungs-E-Mails des Portals für technische Ressourcen mehr erhalten? Die Benachrichtigungen im Portal bleiben aktiv.',
  confirmButton: 'Abbestellen',
  doneTitle: 'Abbestellt',
  doneText: 'Sie erhalten keine Benachrichtigungs-E-Mails mehr. Im Portal können Sie sie wieder einschalten.',
  invalidTitle: 'Ungültiger Link',
  invalidText: 'Dieser Abmeldelink ist ungültig.',
};

export const mailTexts: Readonly<Record<MailLanguage, MailTexts>> = { 'en-US': en, 'fr-FR': fr, 'de-DE': de };
