//! GPU choices: which offer stands in for each Chameleon resource on the current provider, how much
//! of it, custom offers (an institution's negotiated rate), and the price catalog behind them.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::Select;
use crate::model::catalog::offer::{Offer, PriceUnit};
use crate::model::catalog::stand_in::{fitting_offers, CustomOffer, CUSTOM_PROVIDER};
use crate::model::edit::change::Change;
use crate::model::edit::number::parse_number;
use crate::model::engine::quote::quote;
use crate::model::format;
use crate::model::scenario::OfferChoice;
use crate::state::{use_scenario, Dispatch};

fn change(dispatch: &Dispatch, change: Change) {
    dispatch.change(change);
}

/// Props of [`FractionInput`].
#[derive(Properties, PartialEq)]
struct FractionInputProps {
    provider: AttrValue,
    resource: AttrValue,
    value: f64,
    dispatcher: Dispatch,
}

/// The "how much of the offer" field; keeps its own text so nothing typed is lost.
#[component]
fn FractionInput(props: &FractionInputProps) -> Html {
    let draft = use_state(|| None::<(String, Option<String>)>);
    let id = format!("fraction-{}", props.resource.replace('.', "-"));
    let oninput = {
        let draft = draft.clone();
        let (provider, resource, dispatcher) = (
            props.provider.to_string(),
            props.resource.to_string(),
            props.dispatcher.clone(),
        );
        Callback::from(move |event: InputEvent| {
            let text = event.target_unchecked_into::<HtmlInputElement>().value();
            let error = match parse_number(&text) {
                Ok(fraction) if fraction > 0.0 && fraction <= 1_000.0 => {
                    change(
                        &dispatcher,
                        Change::SetChoiceFraction {
                            provider: provider.clone(),
                            resource: resource.clone(),
                            fraction,
                        },
                    );
                    None
                }
                Ok(_) => Some("must be more than 0 and at most 1000".to_string()),
                Err(error) => Some(error),
            };
            draft.set(Some((text, error)));
        })
    };
    let onblur = {
        let draft = draft.clone();
        Callback::from(move |_: FocusEvent| {
            if matches!(&*draft, Some((_, None))) {
                draft.set(None);
            }
        })
    };
    let (text, error) = match &*draft {
        Some((text, error)) => (text.clone(), error.clone()),
        None => (format::quantity(props.value), None),
    };
    html! {
        <div class={classes!("field", "field-compact", error.is_some().then_some("field-invalid"))}>
            <label for={id.clone()} class="visually-hidden">
                { format!("{}: how many of the offer one instance equals", props.resource) }
            </label>
            <input id={id.clone()} type="text" inputmode="decimal" value={text}
                aria-invalid={error.is_some().then_some("true")}
                aria-describedby={error.is_some().then(|| format!("{id}-error"))}
                {oninput} {onblur} />
            if let Some(error) = error {
                <p class="field-error" id={format!("{id}-error")} data-testid="field-error" role="alert">
                    { format!("{error}. The results still use the last valid value.") }
                </p>
            }
        </div>
    }
}

/// Props of [`ChoiceTable`]: only what the choices depend on, so editing anything else does not
/// re-render its hundreds of options.
#[derive(Properties, PartialEq)]
struct ChoiceTableProps {
    provider: AttrValue,
    snapshot: AttrValue,
    choices: Vec<OfferChoice>,
    custom_offers: Vec<Offer>,
    dispatcher: Dispatch,
}

fn price_text(offer: &Offer, snapshot: &str, fraction: f64) -> String {
    let usd = offer.price_in(snapshot).usd * fraction;
    match offer.unit {
        PriceUnit::Hour => format!("{}/h", format::rate(usd)),
        PriceUnit::GbMonth => format!("{}/GB-month", format::rate(usd)),
    }
}

fn source_text(source: &str) -> String {
    let catalog = crate::model::Catalog::builtin().ok();
    let titles: Vec<String> = source
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|id| catalog.and_then(|c| c.source(id)))
        .map(|s| format!("{}: {} ({})", s.id, s.title, s.as_of))
        .collect();
    if titles.is_empty() {
        source.to_string()
    } else {
        format!("{source}. {}", titles.join("; "))
    }
}

/// The choice rows; re-rendered only when the scenario changes, not on every keystroke elsewhere.
#[component]
fn ChoiceTable(props: &ChoiceTableProps) -> Html {
    let Ok(catalog) = crate::model::Catalog::builtin() else {
        return html! {};
    };
    let provider = props.provider.to_string();
    let snapshot = props.snapshot.as_str();
    html! {
        <table class="data-table choices" data-testid="gpu-choices">
            <caption>{ format!(
                "Stand-ins on {}",
                catalog.provider(&provider).map_or(provider.as_str(), |p| p.name.as_str())
            ) }</caption>
            <thead>
                <tr>
                    <th scope="col">{ "Chameleon resource" }</th>
                    <th scope="col">{ "Stands in" }</th>
                    <th scope="col">{ "How many" }</th>
                    <th scope="col">{ "Price per instance" }</th>
                    <th scope="col">{ "Hardware, date, source" }</th>
                </tr>
            </thead>
            <tbody>
                for resource in catalog.resources.iter() {
                    { (|| -> Html {
                        let Some(q) = quote(&props.choices, &props.custom_offers, catalog, &provider, &resource.id) else {
                            return html! {};
                        };
                        let offers = fitting_offers(resource, catalog, &props.custom_offers);
                        let resource_id = resource.id.clone();
                        let on_change = {
                            let (dispatcher, provider, resource) =
                                (props.dispatcher.clone(), provider.clone(), resource_id.clone());
                            Callback::from(move |offer: String| {
                                change(&dispatcher, Change::ChooseOffer {
                                    provider: provider.clone(), resource: resource.clone(), offer,
                                });
                            })
                        };
                        let onreset = {
                            let (dispatcher, provider, resource) =
                                (props.dispatcher.clone(), provider.clone(), resource_id.clone());
                            Callback::from(move |_: MouseEvent| change(&dispatcher, Change::ResetChoice {
                                provider: provider.clone(), resource: resource.clone(),
                            }))
                        };
                        let price = q.offer.price_in(snapshot);
                        html! {
                            <tr key={resource.id.clone()}>
                                <th scope="row">
                                    { resource.label.clone() }
                                    if q.chosen { <span class="badge">{ "your choice" }</span> }
                                </th>
                                <td>
                                    <Select aria_label={format!("Offer standing in for {}", resource.id)}
                                        testid={format!("choice-{}", resource.id)} value={q.offer.id.clone()} {on_change}>
                                        for group in catalog.providers.iter().map(|p| (p.id.as_str(), p.name.as_str()))
                                            .chain(std::iter::once((CUSTOM_PROVIDER, "Your offers"))) {
                                            {{
                                                let in_group: Vec<&&Offer> = offers.iter().filter(|o| o.provider == group.0).collect();
                                                if in_group.is_empty() { html! {} } else { html! {
                                                    <optgroup label={group.1.to_string()}>
                                                        for offer in in_group {
                                                            <option value={offer.id.clone()} selected={offer.id == q.offer.id}>
                                                                { format!("{} ({})", offer.sku, offer.hardware()) }
                                                            </option>
                                                        }
                                                    </optgroup>
                                                }}
                                            }}
                                        }
                                    </Select>
                                    if !q.note.is_empty() { <p class="field-hint">{ q.note.to_string() }</p> }
                                </td>
                                <td>
                                    <FractionInput provider={provider.clone()} resource={resource.id.clone()}
                                        value={q.fraction} dispatcher={props.dispatcher.clone()} />
                                    if q.chosen {
                                        <button type="button" class="secondary small" onclick={onreset}>
                                            { "Back to the default" }
                                        </button>
                                    }
                                </td>
                                <td class="num">{ price_text(q.offer, snapshot, q.fraction) }</td>
                                <td class="small">
                                    { format!("{}; as of {}; {}", q.offer.hardware(), price.as_of, source_text(price.source)) }
                                </td>
                            </tr>
                        }
                    })() }
                }
            </tbody>
        </table>
    }
}

/// Props of [`CustomOfferForm`].
#[derive(Properties, PartialEq)]
struct CustomOfferFormProps {
    dispatcher: Dispatch,
}

/// Enter an offer of your own: name, hardware, price.
#[component]
fn CustomOfferForm(props: &CustomOfferFormProps) -> Html {
    let fields = use_state(|| {
        [
            "".to_string(),
            "".into(),
            "".into(),
            "".into(),
            "0".into(),
            "".into(),
            "".into(),
        ]
    });
    let error = use_state(|| None::<String>);
    const LABELS: [&str; 7] = [
        "Name (e.g. University GPU cluster)",
        "vCPUs",
        "Memory (GB)",
        "GPU model",
        "GPUs",
        "Memory per GPU (GB)",
        "Price (US$ per hour)",
    ];
    let input = |index: usize| {
        let fields = fields.clone();
        Callback::from(move |event: InputEvent| {
            let mut next = (*fields).clone();
            next[index] = event.target_unchecked_into::<HtmlInputElement>().value();
            fields.set(next);
        })
    };
    let onsubmit = {
        let (fields, error, dispatcher) = (fields.clone(), error.clone(), props.dispatcher.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let f = &*fields;
            let number = |i: usize, what: &str| -> Result<f64, String> {
                if f[i].trim().is_empty() && i != 6 {
                    return Ok(0.0);
                }
                match parse_number(&f[i]) {
                    Ok(v) if v >= 0.0 => Ok(v),
                    Ok(_) => Err(format!("{what} cannot be negative")),
                    Err(e) => Err(format!("{what}: {e}")),
                }
            };
            let built = (|| -> Result<CustomOffer, String> {
                if f[0].trim().is_empty() {
                    return Err("Give the offer a name".to_string());
                }
                let usd = number(6, "Price")?;
                if usd <= 0.0 || usd > 1_000_000.0 {
                    return Err("Price must be more than 0 and at most 1,000,000".to_string());
                }
                Ok(CustomOffer {
                    name: f[0].clone(),
                    vcpu: number(1, "vCPUs")?.round() as u32,
                    ram_gb: number(2, "Memory")?,
                    gpu_model: f[3].clone(),
                    gpu_count: number(4, "GPUs")?.round() as u32,
                    gpu_mem_gb: number(5, "Memory per GPU")?,
                    usd_per_hour: usd,
                })
            })();
            match built {
                Ok(offer) => {
                    change(&dispatcher, Change::AddCustomOffer(offer));
                    error.set(None);
                    fields.set([
                        "".to_string(),
                        "".into(),
                        "".into(),
                        "".into(),
                        "0".into(),
                        "".into(),
                        "".into(),
                    ]);
                }
                Err(why) => error.set(Some(why)),
            }
        })
    };
    html! {
        <form class="custom-offer" {onsubmit} data-testid="custom-offer-form">
            <h3>{ "Add your own offer" }</h3>
            <p class="field-hint">{ "An institution's negotiated rate or an on-premises cluster, priced per hour. It appears in every stand-in list above." }</p>
            <div class="custom-grid">
                for (index, label) in LABELS.iter().enumerate() {
                    <label class="inline">
                        <span>{ *label }</span>
                        <input type="text" value={fields[index].clone()} oninput={input(index)}
                            inputmode={(index > 0 && index != 3).then_some("decimal")} />
                    </label>
                }
            </div>
            if let Some(why) = &*error {
                <p class="field-error" data-testid="field-error" role="alert">{ why.clone() }</p>
            }
            <button type="submit">{ "Add offer" }</button>
        </form>
    }
}

/// Props of [`PriceCatalog`].
#[derive(Properties, PartialEq)]
struct PriceCatalogProps {
    provider: String,
    snapshot: String,
}

/// Every offer of a provider with its hardware, prices, date and source.
#[component]
fn PriceCatalog(props: &PriceCatalogProps) -> Html {
    let Ok(catalog) = crate::model::Catalog::builtin() else {
        return html! {};
    };
    let (provider, snapshot) = (&props.provider, &props.snapshot);
    html! {
            <details class="catalog">
                <summary>{ format!("Price catalog: every {} offer", catalog.provider(provider).map_or("", |p| p.name.as_str())) }</summary>
                <div class="table-scroll" tabindex="0" role="region" aria-label="Price catalog table">
                    <table class="data-table" data-testid="price-catalog">
                        <thead>
                            <tr>
                                <th scope="col">{ "Offer" }</th>
                                <th scope="col">{ "Hardware" }</th>
                                <th scope="col">{ "On demand" }</th>
                                <th scope="col">{ "Spot" }</th>
                                <th scope="col">{ "As of" }</th>
                                <th scope="col">{ "Source" }</th>
                            </tr>
                        </thead>
                        <tbody>
                            for offer in catalog.offers.iter().filter(|o| &o.provider == provider) {
                                {{
                                    let price = offer.price_in(snapshot);
                                    html! {
                                        <tr key={offer.id.clone()}>
                                            <th scope="row">{ offer.sku.clone() }</th>
                                            <td>{ offer.hardware() }</td>
                                            <td class="num">{ price_text(offer, snapshot, 1.0) }</td>
                                            <td class="num">{ offer.spot_usd.map(format::rate).unwrap_or_else(|| "-".into()) }</td>
                                            <td>{ price.as_of.to_string() }</td>
                                            <td class="small">{ source_text(price.source) }</td>
                                        </tr>
                                    }
                                }}
                            }
                        </tbody>
                    </table>
                </div>
            </details>
    }
}

/// GPU choices, custom offers and the price catalog of the current provider.
#[component]
pub fn GpuChoices() -> Html {
    let state = use_scenario();
    let dispatcher = state.dispatch();
    let scenario = state.scenario.clone();
    let provider = scenario.pricing.provider.clone();
    let snapshot = scenario.pricing.snapshot.clone();
    html! {
        <section class="panel no-print" aria-labelledby="choices-title">
            <h2 id="choices-title">{ "GPU choices and prices" }</h2>
            <p class="panel-intro">
                { "Which commercial offer stands in for each Chameleon resource on this provider, and how \
                   many of it one Chameleon instance equals (0.5 = half of an 8-GPU machine). Pick any \
                   offer, from any provider, or add your own." }
            </p>
            <div class="table-scroll">
                <ChoiceTable
                    provider={provider.clone()}
                    snapshot={snapshot.clone()}
                    choices={scenario.gpu_choices.clone()}
                    custom_offers={scenario.custom_offers.clone()}
                    dispatcher={dispatcher.clone()}
                />
            </div>
            if !scenario.custom_offers.is_empty() {
                <ul class="custom-offers">
                    for offer in scenario.custom_offers.iter() {
                        <li key={offer.id.clone()}>
                            { format!("{}: {}, {}/h ", offer.sku, offer.hardware(), format::rate(offer.usd)) }
                            <button type="button" class="secondary small"
                                onclick={state.dispatch().change_with({ let id = offer.id.clone(); move |_: MouseEvent| Change::RemoveCustomOffer(id.clone()) })}>
                                { "Remove" }
                            </button>
                        </li>
                    }
                </ul>
            }
            <CustomOfferForm dispatcher={dispatcher} />
            <PriceCatalog provider={provider} snapshot={snapshot} />
        </section>
    }
}
