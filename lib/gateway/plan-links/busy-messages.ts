import type { Language } from "@/lib/contracts/languages";

/**
 * The page a plan's pay_url shows to an address that opened plan links too often (`PLAN_LINK_VISITS_PER_ADDRESS`):
 * one entry per checkout language, so a missing one fails the type check.
 */
export const PLAN_LINK_BUSY: { readonly [L in Language]: { heading: string; text: string } } = {
  ar: {
    heading: "محاولات كثيرة جدًا",
    text: "فُتح هذا الرابط مرات كثيرة جدًا من شبكتك. حاول مرة أخرى بعد بضع دقائق. لم يُخصم أي مبلغ.",
  },
  be: {
    heading: "Занадта шмат спроб",
    text: "Гэтую спасылку адкрывалі занадта часта з вашай сеткі. Паспрабуйце зноў праз некалькі хвілін. Грошы не спісаны.",
  },
  bg: {
    heading: "Твърде много опити",
    text: "Тази връзка е отваряна твърде често от вашата мрежа. Опитайте отново след няколко минути. Нищо не е таксувано.",
  },
  cs: {
    heading: "Příliš mnoho pokusů",
    text: "Tento odkaz byl z vaší sítě otevřen příliš často. Zkuste to znovu za několik minut. Nic nebylo strženo.",
  },
  da: {
    heading: "For mange forsøg",
    text: "Dette link er åbnet for mange gange fra dit netværk. Prøv igen om et par minutter. Intet er blevet trukket.",
  },
  de: {
    heading: "Zu viele Versuche",
    text: "Dieser Link wurde aus Ihrem Netzwerk zu oft geöffnet. Versuchen Sie es in einigen Minuten erneut. Es wurde nichts belastet.",
  },
  el: {
    heading: "Πάρα πολλές προσπάθειες",
    text: "Αυτός ο σύνδεσμος άνοιξε πάρα πολλές φορές από το δίκτυό σας. Δοκιμάστε ξανά σε λίγα λεπτά. Δεν έγινε καμία χρέωση.",
  },
  en: {
    heading: "Too many attempts",
    text: "This link was opened too many times from your network. Try again in a few minutes. Nothing was charged.",
  },
  es: {
    heading: "Demasiados intentos",
    text: "Este enlace se ha abierto demasiadas veces desde tu red. Vuelve a intentarlo en unos minutos. No se ha cobrado nada.",
  },
  et: {
    heading: "Liiga palju katseid",
    text: "Seda linki on teie võrgust avatud liiga palju kordi. Proovige mõne minuti pärast uuesti. Midagi ei võetud tasuks.",
  },
  fa: {
    heading: "تلاش‌های بیش از حد",
    text: "این پیوند بیش از حد از شبکه شما باز شده است. چند دقیقه دیگر دوباره امتحان کنید. هیچ مبلغی کسر نشد.",
  },
  fi: {
    heading: "Liian monta yritystä",
    text: "Tämä linkki on avattu verkostasi liian monta kertaa. Yritä uudelleen muutaman minuutin kuluttua. Mitään ei veloitettu.",
  },
  fr: {
    heading: "Trop de tentatives",
    text: "Ce lien a été ouvert trop souvent depuis votre réseau. Réessayez dans quelques minutes. Rien n’a été débité.",
  },
  he: {
    heading: "יותר מדי ניסיונות",
    text: "הקישור הזה נפתח יותר מדי פעמים מהרשת שלך. נסו שוב בעוד כמה דקות. לא בוצע חיוב.",
  },
  hr: {
    heading: "Previše pokušaja",
    text: "Ova je poveznica prečesto otvorena s vaše mreže. Pokušajte ponovno za nekoliko minuta. Ništa nije naplaćeno.",
  },
  hu: {
    heading: "Túl sok próbálkozás",
    text: "Ezt a linket túl sokszor nyitották meg az Ön hálózatáról. Próbálja újra néhány perc múlva. Semmilyen terhelés nem történt.",
  },
  hy: {
    heading: "Չափազանց շատ փորձեր",
    text: "Այս հղումը չափազանց շատ անգամ է բացվել ձեր ցանցից։ Փորձեք կրկին մի քանի րոպեից։ Ոչինչ չի գանձվել։",
  },
  id: {
    heading: "Terlalu banyak percobaan",
    text: "Tautan ini terlalu sering dibuka dari jaringan Anda. Coba lagi dalam beberapa menit. Tidak ada yang ditagih.",
  },
  it: {
    heading: "Troppi tentativi",
    text: "Questo link è stato aperto troppe volte dalla tua rete. Riprova tra qualche minuto. Non è stato addebitato nulla.",
  },
  ja: {
    heading: "試行回数が多すぎます",
    text: "このリンクはお使いのネットワークから何度も開かれました。数分後にもう一度お試しください。請求は行われていません。",
  },
  ka: {
    heading: "ძალიან ბევრი მცდელობა",
    text: "ეს ბმული თქვენი ქსელიდან ძალიან ბევრჯერ გაიხსნა. სცადეთ ხელახლა რამდენიმე წუთში. არაფერი ჩამოგეჭრათ.",
  },
  kk: {
    heading: "Тым көп әрекет",
    text: "Бұл сілтеме сіздің желіңізден тым көп рет ашылды. Бірнеше минуттан кейін қайталап көріңіз. Ешқандай ақша алынған жоқ.",
  },
  ko: {
    heading: "시도 횟수가 너무 많습니다",
    text: "이 링크가 사용자의 네트워크에서 너무 많이 열렸습니다. 몇 분 후에 다시 시도하세요. 청구된 금액은 없습니다.",
  },
  lt: {
    heading: "Per daug bandymų",
    text: "Ši nuoroda iš jūsų tinklo buvo atidaryta per daug kartų. Bandykite dar kartą po kelių minučių. Nieko nenuskaičiuota.",
  },
  lv: {
    heading: "Pārāk daudz mēģinājumu",
    text: "Šī saite no jūsu tīkla atvērta pārāk daudz reižu. Mēģiniet vēlreiz pēc dažām minūtēm. Nekas netika iekasēts.",
  },
  nl: {
    heading: "Te veel pogingen",
    text: "Deze link is te vaak geopend vanaf uw netwerk. Probeer het over een paar minuten opnieuw. Er is niets afgeschreven.",
  },
  no: {
    heading: "For mange forsøk",
    text: "Denne lenken er åpnet for mange ganger fra nettverket ditt. Prøv igjen om noen minutter. Ingenting ble belastet.",
  },
  pl: {
    heading: "Zbyt wiele prób",
    text: "Ten link był zbyt często otwierany z Twojej sieci. Spróbuj ponownie za kilka minut. Nic nie zostało pobrane.",
  },
  pt: {
    heading: "Demasiadas tentativas",
    text: "Esta ligação foi aberta demasiadas vezes a partir da sua rede. Tente novamente dentro de alguns minutos. Nada foi cobrado.",
  },
  ro: {
    heading: "Prea multe încercări",
    text: "Acest link a fost deschis de prea multe ori din rețeaua dvs. Încercați din nou peste câteva minute. Nu s-a debitat nimic.",
  },
  ru: {
    heading: "Слишком много попыток",
    text: "Эту ссылку слишком часто открывали из вашей сети. Попробуйте снова через несколько минут. Деньги не списаны.",
  },
  sk: {
    heading: "Príliš veľa pokusov",
    text: "Tento odkaz bol z vašej siete otvorený príliš často. Skúste to znova o niekoľko minút. Nič nebolo stiahnuté.",
  },
  sl: {
    heading: "Preveč poskusov",
    text: "Ta povezava je bila iz vašega omrežja odprta prevečkrat. Poskusite znova čez nekaj minut. Nič ni bilo zaračunano.",
  },
  sr: {
    heading: "Превише покушаја",
    text: "Ова веза је пречесто отварана са ваше мреже. Покушајте поново за неколико минута. Ништа није наплаћено.",
  },
  sv: {
    heading: "För många försök",
    text: "Den här länken har öppnats för många gånger från ditt nätverk. Försök igen om några minuter. Inget har debiterats.",
  },
  th: {
    heading: "พยายามหลายครั้งเกินไป",
    text: "ลิงก์นี้ถูกเปิดจากเครือข่ายของคุณบ่อยเกินไป โปรดลองอีกครั้งในอีกสักครู่ ไม่มีการเรียกเก็บเงิน",
  },
  tr: {
    heading: "Çok fazla deneme",
    text: "Bu bağlantı ağınızdan çok fazla kez açıldı. Birkaç dakika sonra yeniden deneyin. Herhangi bir ücret alınmadı.",
  },
  uk: {
    heading: "Забагато спроб",
    text: "Це посилання надто часто відкривали з вашої мережі. Спробуйте ще раз за кілька хвилин. Кошти не списано.",
  },
  vi: {
    heading: "Quá nhiều lần thử",
    text: "Liên kết này đã được mở quá nhiều lần từ mạng của bạn. Vui lòng thử lại sau vài phút. Không có khoản nào bị trừ.",
  },
  zh: {
    heading: "尝试次数过多",
    text: "您的网络打开此链接的次数过多。请几分钟后再试。未扣任何款项。",
  },
};
