/**
 * SPEC §7: the business create/update form. features, socialLinks, categories and slidesToDelete
 * are JSON text (and issue 24's deliveryOptions, paymentMethods, openingHours); cover slides given by URL may repeat (SPEC §2.13 "file or URL"). Beyond SPEC:
 * slideOrder (JSON text, the editor's order of URL and file slides) and removeLogo (PATCH).
 */
import { BUSINESS_MESSAGES, SHOP_SETTINGS_MESSAGES, VARIANT_MESSAGES } from '@vitrina/contracts'
import { createFormParser } from '../../lib/multipart-form.js'

export const parseForm = createFormParser({
  json: {
    features: BUSINESS_MESSAGES.featuresInvalid,
    socialLinks: BUSINESS_MESSAGES.socialLinksInvalid,
    categories: BUSINESS_MESSAGES.categoriesInvalid,
    slidesToDelete: BUSINESS_MESSAGES.slidesToDeleteInvalid,
    slideOrder: BUSINESS_MESSAGES.slideOrderInvalid,
    // Issue 24 §1: `openingHours` may be the text `null` (clears them).
    deliveryOptions: SHOP_SETTINGS_MESSAGES.deliveryInvalid,
    paymentMethods: SHOP_SETTINGS_MESSAGES.paymentMethodsInvalid,
    openingHours: SHOP_SETTINGS_MESSAGES.hoursInvalid,
    // Issue 25: a number as JSON text ('41.5'), or `null` (back to the platform's default).
    exchangeRate: VARIANT_MESSAGES.exchangeRateInvalid,
  },
  repeatableJson: ['slidesToDelete'],
  lists: { slides: { dropBlank: true } },
  // `userId` is accepted for compatibility with SPEC §7 and ignored: the owner is the token's.
  ignored: ['userId'],
  // `logo` as text is a URL; an empty one (a form's cleared input) means "not given".
  omitIfBlank: ['logo'],
})
