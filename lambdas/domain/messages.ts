import { CASE_MESSAGES } from './cases/messages';
import { fillPlaceholders, PLAN_MESSAGES } from './plan/messages';
import type { Language } from './language';

/**
 * Every message the server writes for a person to read, in both languages. Where the
 * specification gives the wording (sections 5 and 8) it is used word for word; the rest
 * follows its tone. Handlers pick the caller's language from the request.
 */
const SERVER_MESSAGES = {
  /** Spec 5, magic link (key emailRequired). */
  emailRequired: {
    it: 'Inserisci la tua email per ricevere il link di accesso',
    en: 'Enter your email to receive the access link',
  },
  /** Spec 5, forgot password. */
  invalidEmail: {
    it: 'Inserisci un indirizzo email valido',
    en: 'Please enter a valid email address',
  },
  /** Spec 8, forgot password and resend; the Italian is the sign-up rate-limit wording. */
  tooManyRequests: {
    it: 'Troppi invii ravvicinati. Riprova più tardi.',
    en: 'Too many recent attempts. Please try again later.',
  },
  /** The daily cap of one kind of email to one address (lambdas/domain/account/rate-limit.ts). */
  dailyMailLimit: {
    it: 'Per oggi questo indirizzo ha già ricevuto il numero massimo di email di questo tipo. Riprova domani.',
    en: 'This address has already received the most emails of this kind allowed for today. Please try again tomorrow.',
  },
  /** The daily cap of support or data-deletion requests from one address. */
  dailySupportLimit: {
    it: 'Da questo indirizzo hai già inviato il numero massimo di richieste per oggi. Riprova domani.',
    en: 'You have already sent the most requests allowed for today from this address. Please try again tomorrow.',
  },
  /** An opt-out without the token of the email's link (or with another address's). */
  unsubscribeLinkInvalid: {
    it: 'Questo link per annullare l’iscrizione non è valido per questo indirizzo. Usa il link che trovi in fondo alle nostre email.',
    en: 'This unsubscribe link is not valid for this address. Use the link at the bottom of our emails.',
  },
  /** Spec 5, account deletion. */
  accountEmailRequired: {
    it: "L'indirizzo email è obbligatorio",
    en: 'The email address is required',
  },
  accountEmailMismatch: {
    it: "L'indirizzo email non corrisponde a quello del tuo account",
    en: 'The email address does not match your account',
  },
  profileNotFound: {
    it: 'Profilo non trovato',
    en: 'Profile not found',
  },
  /** Spec 8, the 403 of submit-reimbursement, reused for every admin-only route. */
  adminOnly: {
    it: 'Permessi insufficienti per questa operazione.',
    en: 'You do not have permission for this operation.',
  },
  /** Admin panel (issue 9). */
  adminUserNotFound: {
    it: 'Utente non trovato',
    en: 'User not found',
  },
  adminSupportMessageNotFound: {
    it: 'Messaggio di assistenza non trovato',
    en: 'Support message not found',
  },
  /** A path parameter that names nothing (the middleware's `path` schema refused it). */
  notFound: {
    it: 'Elemento non trovato',
    en: 'Not found',
  },
  /** Query parameters the route's `query` schema refused. */
  invalidQuery: {
    it: 'Richiesta non valida: ricarica la pagina',
    en: 'Invalid request: reload the page',
  },
  badListQuery: {
    it: 'Richiesta dell’elenco non valida: ricarica la pagina',
    en: 'Invalid list request: reload the page',
  },
  /** POST/DELETE /api/claims/{id}/filed on a claim the caller does not hold. */
  claimNotFound: {
    it: 'Reclamo non trovato',
    en: 'Claim not found',
  },
  claimNotOpenYet: {
    it: 'La finestra di questo reclamo non è ancora aperta: Amazon è ancora in tempo per pagare da sé e un reclamo prematuro danneggia l’account. Segnalo come aperto solo quando è da reclamare.',
    en: 'This claim’s window has not opened yet: Amazon is still in time to pay by itself and a premature claim harms the account. Mark it as opened only once it can be claimed.',
  },
  claimWindowClosed: {
    it: 'La finestra di questo reclamo è chiusa: non si può più aprire con Amazon.',
    en: 'This claim’s window has closed: it can no longer be opened with Amazon.',
  },
  claimSettled: {
    it: 'Questo reclamo è già chiuso: Amazon l’ha pagato o le unità sono state ritrovate.',
    en: 'This claim is already settled: Amazon paid it or the units were found.',
  },
  /** PUT /api/removals/{id}/received on a removal the caller does not hold. */
  removalNotFound: {
    it: 'Rimozione non trovata: ricarica l’elenco delle rimozioni da verificare.',
    en: 'Removal not found: reload the list of removals to check.',
  },
  removalCountSkus: {
    it: 'Indica le unità arrivate per ogni SKU di questa rimozione, e solo per quelli.',
    en: 'Enter the units that arrived for each SKU of this removal, and only those.',
  },
  removalCountOverShipped: {
    it: 'Hai indicato più unità di quante Amazon ne ha spedite per uno SKU: controlla il conteggio.',
    en: 'You entered more units than Amazon shipped for a SKU: check the count.',
  },
  removalChanged: {
    it: 'Questa rimozione è appena cambiata nei report di Amazon: ricarica l’elenco e conta di nuovo.',
    en: 'This removal just changed in Amazon’s reports: reload the list and count again.',
  },
  /** An inbound shipment's claim: its case sheet sends and follows it. */
  claimFiledOnCase: {
    it: 'Questo reclamo si gestisce dalla sua pratica: aprila per inviarlo o aggiornarlo.',
    en: 'This claim is handled from its case: open the case to send or update it.',
  },
  adminBadCursor: {
    it: 'Pagina non valida: ricarica l’elenco',
    en: 'Invalid page: reload the list',
  },
  /** spapi-authorize without a marketplace of the wizard's list (spec 5, Connect). */
  marketplaceRequired: {
    it: 'Scegli il marketplace da collegare tra quelli elencati.',
    en: 'Choose the marketplace to connect from the list.',
  },
  /** sync-fba (issue 5): the run was queued; the dashboard follows its progress. */
  syncStarted: {
    it: 'Sincronizzazione avviata',
    en: 'Sync started',
  },
  /** sync-fba without an active plan (spec 1: sync needs an active plan). */
  syncNeedsPlan: {
    it: 'Per sincronizzare le spedizioni serve un piano attivo. Attiva il piano per continuare.',
    en: 'Syncing shipments needs an active plan. Activate the plan to continue.',
  },
  syncFreeScanUsed: {
    it: 'Hai già usato la scansione gratuita. Per una nuova scansione serve un piano attivo: attiva il piano per continuare.',
    en: 'You have already used the free scan. A new scan needs an active plan: activate the plan to continue.',
  },
  /** A plan asked for a marketplace country the product does not serve. */
  unknownMarketplaceCountry: {
    it: 'Paese del marketplace sconosciuto',
    en: 'Unknown marketplace country',
  },
  /** Spec 1: the plan covers one marketplace country; a second one is refused while it runs. */
  planOtherCountry: {
    it: 'Il piano copre un solo paese del marketplace: il tuo piano per {country} è attivo fino al {until}. Puoi rinnovarlo per {country}; un piano per {wanted} si può acquistare quando quello attuale sarà scaduto, così non perdi i giorni già pagati.',
    en: 'The plan covers one marketplace country only: your plan for {country} is active until {until}. You can renew it for {country}; a plan for {wanted} can be bought once the current one has ended, so you do not lose days already paid for.',
  },
  /** Checkout's billing details (issue 29): who the payment's receipt is made out to. */
  billingNameRequired: {
    it: 'Indica la ragione sociale, o nome e cognome se sei un privato (al massimo 120 caratteri).',
    en: 'Enter the company name, or your full name if you are a private person (120 characters at most).',
  },
  billingAddressRequired: {
    it: "Indica l'indirizzo di fatturazione (al massimo 300 caratteri).",
    en: 'Enter the billing address (300 characters at most).',
  },
  billingVatIdInvalid: {
    it: 'La partita IVA non è valida: usa il prefisso del paese, ad esempio IT01234567890. Lasciala vuota se sei un privato.',
    en: 'The VAT id is not valid: use the country prefix, for example IT01234567890. Leave it empty if you are a private person.',
  },
  /** A paid case action on a shipment of a country the plan does not cover. */
  syncPlanCountry: {
    it: 'Il tuo piano non copre il marketplace collegato.',
    en: 'Your plan does not cover the connected marketplace.',
  },
  syncNotConnected: {
    it: 'Collega il tuo account Amazon per sincronizzare le spedizioni.',
    en: 'Connect your Amazon account to sync shipments.',
  },
  syncConnectionRevoked: {
    it: "Amazon ha revocato l'accesso al tuo account. Ricollega l'account per sincronizzare.",
    en: 'Amazon revoked access to your account. Reconnect it to sync.',
  },
  syncAlreadyRunning: {
    it: 'Una sincronizzazione è già in corso.',
    en: 'A sync is already running.',
  },
  /** Demo sync and reset for a signed-in user (spec 7.3, issue 5). */
  demoSynced: {
    it: 'Spedizioni demo sincronizzate',
    en: 'Demo shipments synced',
  },
  demoReset: {
    it: 'Demo azzerata',
    en: 'Demo reset',
  },
  /** PUT /api/sku-values (issue 5). */
  skuValueInvalid: {
    it: 'Inserisci un valore positivo in euro, con al massimo due decimali.',
    en: 'Enter a positive amount in euros, with at most two decimals.',
  },
  /** PUT /api/unit-costs (issue 31): the seller's own unit cost. */
  unitCostInvalid: {
    it: 'Inserisci un costo positivo con al massimo due decimali e una valuta di tre lettere (es. EUR).',
    en: 'Enter a positive cost with at most two decimals and a three-letter currency (e.g. EUR).',
  },
  /** PUT /api/unit-costs: the invoice cost shown is no longer the one the invoices give. */
  unitCostChanged: {
    it: 'Il costo da fattura di questo SKU è cambiato: ricarica la pagina e controlla il nuovo valore.',
    en: "This SKU's invoice cost has changed: reload the page and check the new value.",
  },
  /** spapi-callback (issue 4): the state is unknown, used, or another user's. */
  stateInvalid: {
    it: 'Autorizzazione non valida o già usata. Ricomincia il collegamento.',
    en: 'Invalid or already used authorization. Start the connection again.',
  },
  stateExpired: {
    it: 'Autorizzazione scaduta (10 minuti). Ricomincia il collegamento.',
    en: 'The authorization expired (10 minutes). Start the connection again.',
  },
  marketplaceNotParticipating: {
    it: 'Il tuo account venditore non è attivo sul marketplace scelto.',
    en: 'Your seller account does not sell on the chosen marketplace.',
  },
  authorizationFailed: {
    it: "Amazon non ha confermato l'autorizzazione. Riprova.",
    en: 'Amazon did not confirm the authorization. Try again.',
  },
  connectionDisconnected: {
    it: 'Account Amazon disconnesso',
    en: 'Amazon account disconnected',
  },
  /** verify-payment (issue 4). */
  paymentNotCompleted: {
    it: 'Il pagamento non risulta completato.',
    en: 'The payment is not completed.',
  },
  paymentWrongAmount: {
    it: "L'importo o la valuta del pagamento non corrispondono al piano (9,90 EUR).",
    en: 'The payment amount or currency does not match the plan (9.90 EUR).',
  },
  paymentOrderUsed: {
    it: 'Questo pagamento è già stato usato.',
    en: 'This payment has already been used.',
  },
  paymentNotFound: {
    it: 'Pagamento non trovato presso il fornitore.',
    en: 'Payment not found at the provider.',
  },
  /** verify-payment and payment-order (issue 15): why an order cannot pay for the plan. */
  paymentWrongIntent: {
    it: "Il pagamento è solo un'autorizzazione, non un addebito: il piano non può essere attivato.",
    en: 'The payment is only an authorization, not a charge: the plan cannot be activated.',
  },
  paymentWrongUnits: {
    it: 'Il pagamento contiene più di un acquisto: non corrisponde al piano.',
    en: 'The payment holds more than one purchase: it does not match the plan.',
  },
  paymentWrongPayee: {
    it: 'Il pagamento non è stato fatto a RimborsiFBA.',
    en: 'The payment was not made to RimborsiFBA.',
  },
  paymentCapturePending: {
    it: 'Il pagamento è in attesa di conferma da PayPal. Riprova la verifica più tardi.',
    en: 'The payment is awaiting confirmation from PayPal. Retry the verification later.',
  },
  paymentCaptureNotCompleted: {
    it: "L'addebito non è andato a buon fine: il piano non è stato attivato.",
    en: 'The charge did not go through: the plan was not activated.',
  },
  paymentOtherUser: {
    it: 'Questo pagamento appartiene a un altro account.',
    en: 'This payment belongs to another account.',
  },
  paymentNotOurs: {
    it: 'Questo pagamento non è stato avviato da RimborsiFBA: usa il pulsante di pagamento della procedura.',
    en: 'This payment was not started by RimborsiFBA: use the payment button in the wizard.',
  },
  paymentCaptureEnded: {
    it: 'PayPal ci ha segnalato che questo pagamento è stato rimborsato, stornato o contestato: il piano non è stato attivato.',
    en: 'PayPal told us this payment was refunded, reversed or disputed: the plan was not activated.',
  },
  paymentNothingToRecover: {
    it: 'Nessun pagamento completato da verificare: se hai pagato da poco, riprova tra qualche minuto.',
    en: 'No completed payment to verify: if you paid just now, try again in a few minutes.',
  },
  planOrderDescription: {
    it: 'RimborsiFBA, piano 30 giorni',
    en: 'RimborsiFBA, 30-day plan',
  },
  freePlanUnavailable: {
    it: 'Il piano gratuito non è disponibile.',
    en: 'The free plan is not available.',
  },
  planActivated: {
    it: 'Piano attivato per 30 giorni',
    en: 'Plan activated for 30 days',
  },
  /** feedback-import (issue 7; presigned upload and background import since issue 18). */
  feedbackImported: {
    it: 'Feedback importati',
    en: 'Feedback imported',
  },
  feedbackNoRows: {
    it: 'Nessun feedback importato. Controlla che il file sia un export TSV/CSV dei feedback con la riga di intestazione.',
    en: 'No feedback imported. Check that the file is a TSV/CSV feedback export with its header row.',
  },
  feedbackFileMissing: {
    it: 'Scegli un file TSV, TXT o CSV da importare.',
    en: 'Choose a TSV, TXT or CSV file to import.',
  },
  feedbackFileTooLarge: {
    it: 'Il file è troppo grande (massimo 100 MB). Dividilo in più file.',
    en: 'The file is too large (100 MB at most). Split it into several files.',
  },
  feedbackImportNotFound: {
    it: 'Importazione non trovata.',
    en: 'Import not found.',
  },
  feedbackUploadMissing: {
    it: 'Il file non è stato caricato: riprova a sceglierlo.',
    en: 'The file was not uploaded: choose it again.',
  },
  feedbackImportQueued: {
    it: 'Importazione avviata: i feedback compaiono man mano che vengono letti.',
    en: 'Import started: feedback appears as it is read.',
  },
  feedbackFileUnreadable: {
    it: 'Impossibile leggere il file. Assicurati che sia un file TSV/CSV valido con la riga di intestazione.',
    en: "Unable to parse the file. Make sure it's a valid TSV/CSV file",
  },
  feedbackMarketplaceInvalid: {
    it: 'Marketplace non valido.',
    en: 'Invalid marketplace.',
  },
  feedbackNotFound: {
    it: 'Feedback non trovato',
    en: 'Feedback not found',
  },
  /** The removal request of a feedback past its 60-day window (removal-window.ts). */
  feedbackRemovalTooLate: {
    it: 'Non si può più chiedere la rimozione: il feedback è del {date}, {days} giorni fa, e la richiesta va fatta entro 60 giorni (ultimo giorno: {lastDay}).',
    en: 'Removal can no longer be requested: the feedback is dated {date}, {days} days ago, and the request must be made within 60 days (last day: {lastDay}).',
  },
  /** The removal request of a feedback whose content is no removal ground. */
  feedbackNotRemovable: {
    it: 'Questo feedback non rientra nei casi in cui Amazon lo rimuove: meglio rispondere al cliente.',
    en: 'This feedback is not one Amazon removes: a reply to the buyer is the better step.',
  },
  /** Spec 5 and 8, reply address (case endpoints). */
  replyEmailInvalid: {
    it: 'Email non valida. Inserisci un indirizzo email Amazon valido',
    en: 'Invalid email. Enter a valid Amazon email address',
  },
  endpointSaved: {
    it: 'Impostazione salvata con successo',
    en: 'Setting saved successfully',
  },
  endpointDeleted: {
    it: 'Impostazione eliminata',
    en: 'Setting deleted',
  },
  /** feedback-schedule (issue 7): the seller-feedback report of the Reports API. */
  feedbackReportNotConnected: {
    it: 'Collega il tuo account Amazon per importare i feedback automaticamente.',
    en: 'Connect your Amazon account to import feedback automatically.',
  },
  feedbackReportImported: {
    it: 'Report dei feedback importato',
    en: 'Feedback report imported',
  },
  feedbackReportNoData: {
    it: 'Amazon non ha nuovi feedback da importare.',
    en: 'Amazon has no new feedback to import.',
  },
  /** Amazon throttled a call past the request's own time (any route that calls Amazon). */
  amazonBusy: {
    it: 'Amazon sta limitando le richieste in questo momento: riprova tra qualche minuto.',
    en: 'Amazon is limiting requests right now: please try again in a few minutes.',
  },
  feedbackReportPending: {
    it: 'Amazon sta ancora preparando il report dei feedback: verrà importato al prossimo controllo.',
    en: 'Amazon is still preparing the feedback report: it will be imported at the next check.',
  },
  /** Documents and cases (issue 6; spec 5 and 8). */
  sessionExpired: {
    it: 'Sessione scaduta. Accedi di nuovo.',
    en: 'Session expired. Please sign in again.',
  },
  caseForbidden: {
    it: 'Permessi insufficienti per questa operazione.',
    en: 'You do not have permission for this operation.',
  },
  caseAlreadySubmitted: {
    it: 'Questa spedizione ha già una richiesta in corso o è stata inviata. Non puoi inviare due volte.',
    en: 'This shipment already has a request in progress or has been sent. You cannot send it twice.',
  },
  caseTooManyRequests: {
    it: 'Troppe richieste ravvicinate. Riprova tra poco.',
    en: 'Too many requests in a short time. Please try again shortly.',
  },
  /** Spec 5: the request needs every mandatory document of the case's role. */
  requiredDocumentsMissing: {
    it: 'Carica tutti i documenti obbligatori per chiedere il rimborso: manca {documents}.',
    en: 'Upload all mandatory documents to request the reimbursement: missing {documents}.',
  },
  mainDocumentMissing: {
    it: 'Nessun documento principale trovato',
    en: 'No main document found',
  },
  documentNotYours: {
    it: 'Il documento indicato non è tra i tuoi documenti di questa spedizione.',
    en: 'The document given is not one of your documents for this shipment.',
  },
  /** Issue 29: the email way needs Amazon's reply address; filing on Seller Central does not. */
  replyAddressMissing: {
    it: 'Per inviare per email serve l’indirizzo di risposta di Amazon per questo marketplace, che non hai ancora salvato. Puoi aprire il caso su Seller Central con il testo e gli allegati, oppure salvare l’indirizzo dal menu dell’account: Impostazioni → Indirizzi di risposta per marketplace.',
    en: 'Sending by email needs Amazon’s reply address for this marketplace, which you have not saved yet. You can open the case on Seller Central with the text and the attachments, or save the address from the account menu: Settings → Reply addresses per marketplace.',
  },
  roleRequired: {
    it: 'Devi selezionare se sei rivenditore o produttore',
    en: 'You must choose whether you are a reseller or a manufacturer',
  },
  fileTooLarge: {
    it: 'File troppo grande: il file deve essere inferiore a 20MB',
    en: 'File too large: the file must be smaller than 20MB',
  },
  fileFormatUnsupported: {
    it: 'Formato non supportato. Formati supportati: {formats}',
    en: 'Unsupported format. Supported formats: {formats}',
  },
  fileContentMismatch: {
    it: 'Formato non supportato: il contenuto del file non corrisponde alla sua estensione.',
    en: 'Unsupported format: the file content does not match its extension.',
  },
  fileEmpty: {
    it: 'Il file è vuoto.',
    en: 'The file is empty.',
  },
  xmlTooComplex: {
    it: 'Il file XML è troppo grande o annidato troppo in profondità per essere letto.',
    en: 'The XML file is too large or nested too deeply to be read.',
  },
  fileAlreadyUploaded: {
    it: 'Hai già caricato questo file per questo documento della spedizione ({file}).',
    en: 'You have already uploaded this file for this document of the shipment ({file}).',
  },
  proFormaRefused: {
    it: 'Le fatture pro forma non sono accettate. Servono tutte le fatture delle unità spedite.',
    en: 'Pro forma invoices are not accepted. All invoices for the shipped units are needed.',
  },
  uploadNotFound: {
    it: 'Errore durante il caricamento del file',
    en: 'Error while uploading the file',
  },
  caseLocked: {
    it: 'La richiesta è già stata inviata: ruolo e documenti non si possono più modificare.',
    en: 'The request has already been sent: role and documents can no longer be changed.',
  },
  documentNotFound: {
    it: 'Documento non trovato',
    en: 'Document not found',
  },
  supplierNotFound: {
    it: 'Fornitore non trovato',
    en: 'Supplier not found',
  },
  supplierListQuery: {
    it: 'Richiesta non valida: ricarica la pagina dei fornitori.',
    en: 'Invalid request: reload the suppliers page.',
  },
  invoiceNotInLibrary: {
    it: 'Questa fattura non è più tra le fatture dei tuoi fornitori.',
    en: "This invoice is no longer among your suppliers' invoices.",
  },
  invoiceNotForShipment: {
    it: 'La fattura non contiene nessuno degli articoli mancanti di questa spedizione.',
    en: 'The invoice has none of the missing items of this shipment.',
  },
  invoiceLineNotFound: {
    it: 'Questa riga non è più tra le righe della fattura.',
    en: 'This line is no longer among the invoice lines.',
  },
  invoiceLineSkuNotFound: {
    it: 'Questo SKU non è tra quelli delle tue spedizioni.',
    en: 'This SKU is not among those of your shipments.',
  },
  invoiceAlreadyAttached: {
    it: 'La fattura è già allegata al caso di questa spedizione.',
    en: "The invoice is already attached to this shipment's case.",
  },
  documentDeleted: {
    it: 'Documento eliminato',
    en: 'Document deleted',
  },
  shipmentNotFound: {
    it: 'Spedizione non trovata',
    en: 'Shipment not found',
  },
  caseNotFound: {
    it: 'Errore durante il caricamento dei dati del caso',
    en: 'Error while loading the case data',
  },
  caseMarkedInProgress: {
    it: 'Spedizione segnata come In lavorazione',
    en: 'Shipment marked as In progress',
  },
  caseCreated: { it: 'Caso creato e avviato', en: 'Case created and started' },
  caseUpdated: { it: 'Caso aggiornato e avviato', en: 'Case updated and started' },
  caseAlreadyInProgress: { it: 'Caso già in lavorazione', en: 'Case already in progress' },
  requestSent: { it: 'Richiesta inviata ad Amazon', en: 'Request sent to Amazon' },
  requestMailFailed: {
    it: "Invio dell'email non riuscito: la richiesta non è stata inviata. Riprova tra poco.",
    en: 'The email could not be sent: the request was not sent. Please try again shortly.',
  },
  /** A demo case: the submission is simulated and nothing is mailed (issue 15). */
  requestSimulated: {
    it: 'Demo: richiesta simulata, nessuna email è stata inviata ad Amazon',
    en: 'Demo: request simulated, no email was sent to Amazon',
  },
  /** The admin's diagnostic send goes to their own account address. */
  requestSentToSelf: {
    it: 'Richiesta di prova inviata al tuo indirizzo email',
    en: 'Test request sent to your own email address',
  },
  attachmentsTooLarge: {
    it: 'I documenti di questa spedizione superano {limit} MB in totale: un’email ad Amazon non può contenerli. Elimina o comprimi qualche file.',
    en: 'The documents of this shipment exceed {limit} MB in total: one email to Amazon cannot carry them. Delete or compress some files.',
  },
  dailySubmissionsUsed: {
    it: 'Hai già inviato {limit} richieste ad Amazon oggi. Potrai inviarne altre domani.',
    en: 'You have already sent {limit} requests to Amazon today. You can send more tomorrow.',
  },
  /** Daily allowances of the heavy routes (lambdas/domain/quotas.ts). */
  dailyUploadsUsed: {
    it: 'Hai già caricato {limit} documenti oggi, il massimo giornaliero. Potrai caricarne altri domani.',
    en: 'You have already uploaded {limit} documents today, the daily maximum. You can upload more tomorrow.',
  },
  dailyFeedbackImportsUsed: {
    it: 'Hai già importato {limit} file di feedback oggi, il massimo giornaliero. Potrai importarne altri domani.',
    en: 'You have already imported {limit} feedback files today, the daily maximum. You can import more tomorrow.',
  },
  dailyReportRequestsUsed: {
    it: 'Hai già chiesto {limit} aggiornamenti ad Amazon oggi (sincronizzazioni e report dei feedback), il massimo giornaliero. Potrai chiederne altri domani.',
    en: 'You have already asked Amazon for {limit} updates today (syncs and feedback reports), the daily maximum. You can ask for more tomorrow.',
  },
  dailyPaymentOrdersUsed: {
    it: 'Hai già avviato {limit} pagamenti del piano oggi, il massimo giornaliero. Se un pagamento è andato a buon fine ma il piano non risulta attivo, usa «Verifica di nuovo il pagamento»; altrimenti potrai riprovare domani.',
    en: 'You have already started {limit} plan payments today, the daily maximum. If a payment went through but the plan is not active, use “Verify the payment again”; otherwise you can try again tomorrow.',
  },
  sendUnverified: {
    it: 'Un invio precedente di questa richiesta potrebbe essere partito: controlla la copia nella tua casella email (o in Seller Central) e indica se è stata inviata, prima di inviarla di nuovo.',
    en: 'An earlier send of this request may have gone out: check the copy in your mailbox (or Seller Central) and say whether it was sent before sending it again.',
  },
  sendRecordFailed: {
    it: 'L’email è partita ma non siamo riusciti a registrarla. Non ripetere l’invio: controlla la copia nella tua casella email, il caso ti chiederà di confermarlo.',
    en: 'The email went out but we could not record it. Do not send it again: check the copy in your mailbox, the case will ask you to confirm it.',
  },
  outcomeNeedsSentCase: {
    it: 'Puoi registrare l’esito solo di una richiesta già inviata ad Amazon.',
    en: 'You can record the outcome only of a request already sent to Amazon.',
  },
  outcomeRecorded: { it: 'Esito registrato', en: 'Outcome recorded' },
  amazonCaseIdSaved: { it: 'ID del caso Amazon salvato', en: 'Amazon case ID saved' },
  amazonCaseIdInvalid: {
    it: "L'ID del caso Amazon è il numero che Seller Central mostra per il caso (da 5 a 15 cifre).",
    en: 'The Amazon case ID is the number Seller Central shows for the case (5 to 15 digits).',
  },
  caseNotOpenable: {
    it: 'Amazon ha già risposto a questo caso o il caso è da verificare: non può essere segnato di nuovo come aperto.',
    en: 'Amazon has already answered this case, or it is to be checked: it cannot be marked as opened again.',
  },
  sendCheckNotPending: {
    it: 'Questa richiesta non è da verificare.',
    en: 'This request has nothing to check.',
  },
  sendCheckSent: {
    it: 'Richiesta registrata come inviata ad Amazon',
    en: 'Request recorded as sent to Amazon',
  },
  sendCheckNotSent: {
    it: 'Richiesta pronta per essere inviata di nuovo',
    en: 'Request ready to be sent again',
  },
  noAccountEmail: {
    it: 'Il tuo account non ha un indirizzo email a cui inviare la prova.',
    en: 'Your account has no email address to send the test to.',
  },
  /** Issue 15: without an active plan a real case can be viewed only. */
  /** Diagnostic pages (spec 2.12) are for admins, and off unless the deployment turns them on. */
  debugToolsOff: {
    it: 'Gli strumenti di diagnostica non sono attivi in questo ambiente.',
    en: 'The diagnostic tools are not enabled in this environment.',
  },
  requestBusy: {
    it: 'Una richiesta per questa spedizione è in corso di invio. Riprova tra poco.',
    en: 'A request for this shipment is being sent. Please try again shortly.',
  },
  responseSimulated: { it: 'Risposta simulata', en: 'Response simulated' },
  /** A demo case at its end (reimbursed or closed): no simulated reply follows. */
  demoCaseClosed: {
    it: 'Il caso è chiuso: non ci sono altre risposte da simulare.',
    en: 'The case is closed: there are no more replies to simulate.',
  },
  simulateNotDemo: {
    it: 'Impossibile simulare la risposta Amazon',
    en: 'Unable to simulate the Amazon response',
  },
  invoiceAfterShipment: {
    it: 'La fattura {number} è datata {invoiceDate}, dopo la spedizione ({shipmentDate}): Amazon può chiedere una prova d’acquisto precedente.',
    en: 'Invoice {number} is dated {invoiceDate}, after the shipment ({shipmentDate}): Amazon may ask for proof of purchase from before it.',
  },
  skuNotOnInvoice: {
    it: 'Lo SKU {sku} ({missing} unità mancanti) non compare in nessuna riga della fattura.',
    en: 'SKU {sku} ({missing} missing units) does not appear on any invoice line.',
  },
  unitsNotCovered: {
    it: 'Per lo SKU {sku} la fattura riporta {invoiced} unità, meno delle {missing} mancanti.',
    en: 'For SKU {sku} the invoice shows {invoiced} units, fewer than the {missing} missing.',
  },
  skuToConfirmOnInvoice: {
    it: 'Lo SKU {sku} ({missing} unità mancanti, {invoiced} in fattura con il suo codice) non compare con un codice in queste righe, che gli somigliano: {lines}. Da confermare nella scheda Fornitori: finché non confermi, non contano.',
    en: 'SKU {sku} ({missing} missing units, {invoiced} on the invoice with its code) is not named by a code on these lines, which resemble it: {lines}. To be confirmed on the Suppliers tab: until you confirm, they do not count.',
  },
  invoiceLinesNotReadable: {
    it: 'Le righe della fattura non sono leggibili: controlla che riporti gli articoli e le quantità della spedizione.',
    en: 'The invoice lines could not be read: check that it lists the shipment’s items and quantities.',
  },
  scanTooSmall: {
    it: "La scansione è troppo piccola per leggerla: carica una foto piana e ben illuminata dell'intera pagina, ad alta risoluzione.",
    en: 'The scan is too small to read: upload a flat, well-lit photo of the whole page, at high resolution.',
  },
  scanTooDark: {
    it: "La scansione è troppo scura per leggerla: carica una foto piana e ben illuminata dell'intera pagina.",
    en: 'The scan is too dark to read: upload a flat, well-lit photo of the whole page.',
  },
  scanTooBlurred: {
    it: "La scansione è troppo sfocata per leggerla: carica una foto piana e ben illuminata dell'intera pagina, a fuoco.",
    en: 'The scan is too blurred to read: upload a flat, well-lit photo of the whole page, in focus.',
  },
  scanUnreadable: {
    it: "Non siamo riusciti a leggere la scansione: carica una foto piana e ben illuminata dell'intera pagina.",
    en: 'We could not read the scan: upload a flat, well-lit photo of the whole page.',
  },
  ocrFieldsToVerify: {
    it: 'Letto da una scansione o una foto: {fields} da verificare sul documento (lettura incerta, non usati nei controlli).',
    en: 'Read from a scan or a photo: {fields} to be checked on the document (uncertain reading, not used in the checks).',
  },
  packingListAfterShipment: {
    it: 'La distinta {number} è datata {documentDate}, dopo la spedizione ({shipmentDate}): Amazon chiede una distinta con data non successiva alla spedizione.',
    en: 'Packing list {number} is dated {documentDate}, after the shipment ({shipmentDate}): Amazon asks for a packing list dated no later than the shipment.',
  },
  skuNotOnPackingList: {
    it: 'Lo SKU {sku} ({missing} unità mancanti) non compare in nessuna riga della distinta.',
    en: 'SKU {sku} ({missing} missing units) does not appear on any packing list line.',
  },
  packingListUnitsNotCovered: {
    it: 'Per lo SKU {sku} la distinta riporta {shipped} unità spedite, meno delle {missing} mancanti.',
    en: 'For SKU {sku} the packing list shows {shipped} units shipped, fewer than the {missing} missing.',
  },
  skuToConfirmOnPackingList: {
    it: 'Lo SKU {sku} ({missing} unità mancanti, {invoiced} nella distinta con il suo codice) non compare con un codice in queste righe, che gli somigliano: {lines}. Da confermare: non contano finché una riga con la stessa descrizione non è confermata per questo SKU nella scheda Fornitori.',
    en: 'SKU {sku} ({missing} missing units, {invoiced} on the packing list with its code) is not named by a code on these lines, which resemble it: {lines}. To be confirmed: they do not count until a line with the same description is confirmed for this SKU on the Suppliers tab.',
  },
  packingListLinesNotReadable: {
    it: 'Le righe della distinta non sono leggibili: controlla che riporti gli articoli e le quantità spedite.',
    en: 'The packing list lines could not be read: check that it lists the shipment’s items and the quantities shipped.',
  },
  invoiceLooksLikeTransportDocument: {
    it: 'Questo file sembra un documento di trasporto (DDT o distinta), non una fattura: come rivenditore ti serve la fattura originale del fornitore.',
    en: 'This file looks like a transport document (delivery note or packing list), not an invoice: as a reseller you need the supplier’s original invoice.',
  },
  invoiceLooksLikeProofOfDelivery: {
    it: 'Questo file sembra una prova di consegna, non una fattura: caricala come POD e aggiungi la fattura originale del fornitore.',
    en: 'This file looks like a proof of delivery, not an invoice: upload it as a POD and add the supplier’s original invoice.',
  },
  packingListLooksLikeInvoice: {
    it: 'Questo file sembra una fattura, non una distinta d’imballaggio: come produttore ti serve la distinta firmata con le quantità spedite.',
    en: 'This file looks like an invoice, not a packing list: as a manufacturer you need the signed packing list with the quantities shipped.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/**
 * With the cases domain's own (domain/cases/messages.ts: the draft's warnings, the plan a case
 * action needs). Marked pure so a bundle that never reads a message leaves the catalogue out.
 */
export const MESSAGES: typeof SERVER_MESSAGES & typeof CASE_MESSAGES & typeof PLAN_MESSAGES =
  /* @__PURE__ */ Object.assign({}, SERVER_MESSAGES, CASE_MESSAGES, PLAN_MESSAGES);

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, language: Language): string {
  return MESSAGES[key][language];
}

/** A message with `{name}` placeholders filled in. */
export function formatMessage(
  key: MessageKey,
  language: Language,
  values: Record<string, string | number>,
): string {
  return fillPlaceholders(message(key, language), values);
}
