import type { MailLanguage } from '@portal/contracts/alerts';

/** The texts of the alert mails and the unsubscribe pages, per language (the web app's locales are not loaded by the API). */
export interface MailTexts {
  newDocumentSubject: (title: string) => string;
  newVersionSubject: (title: string, version: string) => string;
  digestSubject: (count: number) => string;
  intro: string;
  digestIntro: (count: number) => string;
  newDocument: string;
  newVersion: string;
  version: string;
  changeNote: string;
  open: string;
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

const en: MailTexts = {
  newDocumentSubject: (title) => `New document: ${title}`,
  newVersionSubject: (title, version) => `New version ${version} of ${title}`,
  digestSubject: (count) => (count === 1 ? '1 update in the Technical Resources Portal' : `${count} updates in the Technical Resources Portal`),
  intro: 'Something you follow in the Technical Resources Portal was published:',
  digestIntro: (count) => (count === 1 ? 'One update was published for you:' : `${count} updates were published for you:`),
  newDocument: 'New document',
  newVersion: 'New version',
  version: 'Version',
  changeNote: 'Change note',
  open: 'Open the document',
  footer: 'You receive this mail because you follow this item, its product or a search in the portal. Manage your alerts in the portal.',
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
  newDocumentSubject: (title) => `Nouveau document : ${title}`,
  newVersionSubject: (title, version) => `Nouvelle version ${version} de ${title}`,
  digestSubject: (count) => (count === 1 ? '1 nouveauté sur le portail des ressources techniques' : `${count} nouveautés sur le portail des ressources techniques`),
  intro: 'Un élément que vous suivez sur le portail des ressources techniques a été publié :',
  digestIntro: (count) => (count === 1 ? 'Une nouveauté a été publiée pour vous :' : `${count} nouveautés ont été publiées pour vous :`),
  newDocument: 'Nouveau document',
  newVersion: 'Nouvelle version',
  version: 'Version',
  changeNote: 'Note de modification',
  open: 'Ouvrir le document',
  footer: 'Vous recevez ce message parce que vous suivez cet élément, son produit ou une recherche sur le portail. Gérez vos alertes sur le portail.',
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
  newDocumentSubject: (title) => `Neues Dokument: ${title}`,
  newVersionSubject: (title, version) => `Neue Version ${version} von ${title}`,
  digestSubject: (count) => (count === 1 ? '1 Neuigkeit im Portal für technische Ressourcen' : `${count} Neuigkeiten im Portal für technische Ressourcen`),
  intro: 'Etwas, dem Sie im Portal für technische Ressourcen folgen, wurde veröffentlicht:',
  digestIntro: (count) => (count === 1 ? 'Eine Neuigkeit wurde für Sie veröffentlicht:' : `${count} Neuigkeiten wurden für Sie veröffentlicht:`),
  newDocument: 'Neues Dokument',
  newVersion: 'Neue Version',
  version: 'Version',
  changeNote: 'Änderungshinweis',
  open: 'Dokument öffnen',
  footer: 'Sie erhalten diese E-Mail, weil Sie diesem Element, seinem Produkt oder einer Suche im Portal folgen. Ihre Benachrichtigungen verwalten Sie im Portal.',
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
