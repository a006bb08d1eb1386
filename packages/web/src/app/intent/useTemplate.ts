import { useEffect, useState } from 'preact/hooks'
import { loadTemplateById, type KnownTemplate } from '../wallet/loadTemplates.ts'

/** The template an intent names, from the orchestrator (its source compiled here, checked against the id); undefined while read or when it cannot be. */
export function useTemplate(templateId: string | undefined): KnownTemplate | undefined {
  const [template, setTemplate] = useState<KnownTemplate>()
  useEffect(() => {
    setTemplate(undefined)
    if (templateId === undefined) return
    let stopped = false
    // A template the orchestrator cannot give back leaves the page with ids and expressions, as before.
    loadTemplateById(templateId).then((found) => !stopped && setTemplate(found), () => undefined)
    return () => void (stopped = true)
  }, [templateId])
  return template
}
