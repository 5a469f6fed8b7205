import { PREVIEW_FALLBACK_COLORS } from '@vitrina/contracts'
import type { ImageAsset } from '@vitrina/contracts'
import { Smartphone } from 'lucide-react'
import { useMemo } from 'react'
import { useWatch } from 'react-hook-form'
import { HeroSlides } from '../../../components/storefront/hero-slides'
import { StorefrontFrame } from '../../../components/storefront/storefront-frame'
import { StorefrontHeader } from '../../../components/storefront/storefront-header'
import { StorefrontHero } from '../../../components/storefront/storefront-hero'
import { useObjectUrl, useObjectUrls } from '../hooks/use-object-url'
import type { BusinessFormValues, SlideValue } from '../lib/business-form'

function slideSource(slide: SlideValue): Blob | string {
  if (slide.kind === 'file') return slide.file
  if (slide.kind === 'url') return slide.url
  return slide.image.url
}

/**
 * SPEC §2.13: a phone-sized live preview of the storefront with what has been entered so far,
 * drawn by the real storefront components in preview mode (nothing in it can be used). Colours
 * not chosen yet fall back to SPEC §9's preview colours.
 */
export function BusinessPreview() {
  const values = useWatch<BusinessFormValues>() as Partial<BusinessFormValues>
  const logo = values.logo
  const logoUrl = useObjectUrl(logo instanceof File ? logo : (logo?.url ?? null))
  const slides = values.slides
  const slideSources = useMemo(() => (slides ?? []).map(slideSource), [slides])
  const slideUrls = useObjectUrls(slideSources)

  const logoAsset: ImageAsset | null = logoUrl
    ? logo instanceof File
      ? { url: logoUrl }
      : (logo ?? null)
    : null
  const slideAssets = slideUrls.filter(Boolean).map((url) => ({ image: { url } }))
  const name = values.name?.trim() || 'Tu negocio'
  const identifier = values.identifier?.trim() || 'tu-negocio'
  const colors = {
    primaryColor: values.primaryColor || PREVIEW_FALLBACK_COLORS.primaryColor,
    secondaryColor: values.secondaryColor || PREVIEW_FALLBACK_COLORS.secondaryColor,
    bgColor: values.bgColor || values.primaryColor || PREVIEW_FALLBACK_COLORS.primaryColor,
  }

  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
        <Smartphone className="size-4" aria-hidden="true" />
        Vista previa
      </p>
      <div className="mx-auto w-full max-w-[20rem] rounded-[2.5rem] border-[10px] border-neutral-900 bg-neutral-900 shadow-2xl">
        <div className="relative h-[36rem] overflow-hidden rounded-[1.9rem] bg-background">
          <div
            aria-hidden="true"
            className="absolute top-2 left-1/2 z-50 h-5 w-24 -translate-x-1/2 rounded-full bg-neutral-900"
          />
          <StorefrontFrame
            colors={colors}
            className="h-full overflow-y-auto overscroll-contain pt-7 [scrollbar-width:none]"
            data-testid="vista-previa"
          >
            <StorefrontHeader
              identifier={identifier}
              name={name}
              logo={logoAsset}
              categories={(values.categories ?? []).map((category) => ({
                name: category.name,
                description: category.description,
                subCategories: category.subCategories,
              }))}
              isPreview
            />
            <HeroSlides slides={slideAssets} name={name} isPreview />
            <div inert>
              <StorefrontHero
                name={name}
                description={values.description}
                socialLinks={values.socialLinks}
                features={values.features}
                headingLevel="h2"
              />
              <div className="grid grid-cols-2 gap-3 p-4">
                <p className="col-span-2 text-center text-sm font-semibold">Tus productos</p>
                {[0, 1].map((index) => (
                  <div
                    key={index}
                    className="grid gap-2 rounded-xl border border-border bg-card p-2"
                  >
                    <div className="aspect-square rounded-lg bg-muted" />
                    <div className="h-2.5 w-4/5 rounded-full bg-muted" />
                    <div className="h-2.5 w-1/2 rounded-full bg-(--store-primary)/30" />
                  </div>
                ))}
              </div>
            </div>
          </StorefrontFrame>
        </div>
      </div>
    </div>
  )
}
