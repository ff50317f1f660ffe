/**
 * The public page an e-mailed temp ID card link opens (spec 1 §4 "Temp ID card"): the recipient
 * answers the primary cardholder's last name, date of birth and zip code to download the card.
 */
export default function TempCardClaimPage() {
  return <main>Temp ID card</main>;
}
