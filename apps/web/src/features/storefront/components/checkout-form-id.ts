/** The checkout form's id: the drawer's footer submits it (`form=`) from outside the form. */
export const CHECKOUT_FORM_ID = 'checkout'
