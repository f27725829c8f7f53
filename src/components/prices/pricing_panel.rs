//! Provider, price snapshot, price model, discounts and currency.

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::inputs::provenance_marker::{provenance_marker, ProvenanceMarkerProps};
use crate::components::inputs::select::{options, push_option, Select};
use crate::components::inputs::setting_input::{no_hint, setting_inputs};
use crate::components::page::fold::fold;
use crate::model::catalog::currency::ExchangeRates;
use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::regional::region_note;
use crate::model::catalog::Catalog;
use crate::model::edit::change::Change;
use crate::model::edit::number::parse_number;
use crate::model::engine::price_age::PriceAge;
use crate::model::engine::priced_by::model_words;
use crate::model::format;
use crate::model::presets::provenance_note::ProvenanceNote;
use crate::model::scenario::field::Setting;
use crate::model::scenario::pricing::{Pricing, BASE_CURRENCY};
use crate::model::scenario::setting_field::Section;
use crate::state::{use_scenario, Dispatch};

/// On demand or spot (`spot` true when instances are bought spot), as two radio buttons.
fn price_model_choice(spot: bool, dispatch: &Dispatch) -> Html {
    let on_choose =
        |model: PriceModel| dispatch.change_with(move |_: Event| Change::SetPriceModel(model));
    html! {
        <fieldset class="field radio-group">
            <legend>{ "Buy instances" }</legend>
            <label>
                <input type="radio" name="price-model" data-testid="model-on-demand"
                    checked={!spot} onchange={on_choose(PriceModel::OnDemand)} />
                { " On demand" }
            </label>
            <label>
                <input type="radio" name="price-model" data-testid="model-spot"
                    checked={spot} onchange={on_choose(PriceModel::Spot)} />
                { " Spot / preemptible" }
            </label>
        </fieldset>
    }
}

/// The reference rates' note for `currency` at `snapshot`: date and source, and whether `rate`
/// is that reference rate or the user's own.
fn rate_note(currency: &str, snapshot: &str, rate: f64) -> String {
    let Ok(rates) = ExchangeRates::builtin() else {
        return String::new();
    };
    match rates.rate(currency, snapshot) {
        Some(quote) if quote.per_usd.to_bits() == rate.to_bits() => format!(
            "Reference rate of {}: {} ({}). Type your own to budget with it.",
            quote.date, quote.source.title, quote.source.publisher
        ),
        Some(quote) => format!(
            "Your own rate. The reference rate of {} is {} ({}).",
            quote.date,
            format::exact(quote.per_usd),
            quote.source.publisher
        ),
        None => "No reference rate is built in for this currency: this is the rate you entered."
            .to_string(),
    }
}

/// What the user has typed into the currency field and not applied yet. A code is applied whole,
/// when the field changes (a half-typed "EU" has no rate); until then a render for any other
/// reason (the state gaining its compressed link a moment after the last edit, say) shows the
/// typed text again, where the scenario's code would replace it and lose the edit.
type TypedCode = Rc<RefCell<Option<String>>>;

/// The currency (a code such as "EUR"; codes with a built-in reference rate at `snapshot` are
/// suggested; `typed` what is typed there and not applied yet), the `fields` of its section (its
/// rate) unless it is the US dollar, and the `other` form for a currency without a reference
/// rate.
fn currency_fields(
    currency: &str,
    typed: &TypedCode,
    snapshot: &str,
    fields: Html,
    other: &OtherCurrency,
    dispatch: &Dispatch,
) -> Html {
    let on_typed = {
        let typed = typed.clone();
        Callback::from(move |e: InputEvent| {
            *typed.borrow_mut() = Some(e.target_unchecked_into::<HtmlInputElement>().value());
        })
    };
    let on_currency = {
        let (typed, dispatch) = (typed.clone(), dispatch.clone());
        Callback::from(move |e: Event| {
            typed.borrow_mut().take();
            let code = e.target_unchecked_into::<HtmlInputElement>().value();
            dispatch.change(Change::SetCurrency(code));
        })
    };
    // Left without a change (typed back to what it was): nothing is waiting to be applied.
    let on_left = {
        let typed = typed.clone();
        Callback::from(move |_: FocusEvent| drop(typed.borrow_mut().take()))
    };
    let shown = typed
        .borrow()
        .clone()
        .unwrap_or_else(|| currency.to_string());
    let codes = ExchangeRates::builtin()
        .map(|r| r.currencies(snapshot))
        .unwrap_or_default();
    html! {
        <>
            <div class="field">
                <label for="currency">{ "Currency" }</label>
                <div class="field-control">
                    <input id="currency" type="text" maxlength="8" autocomplete="off"
                        list="currency-codes" data-testid="currency-input" value={shown}
                        oninput={on_typed} onchange={on_currency} onblur={on_left} />
                    <datalist id="currency-codes">
                        for code in codes {
                            <option value={code.to_string()} />
                        }
                    </datalist>
                </div>
                <p class="field-hint">
                    { "Every amount, credits and budgets included, is shown and typed in this currency." }
                </p>
                // Under the currency, not a grid row of its own (issue 46: views stay three
                // screens long).
                { other_currency(other, dispatch) }
            </div>
            if !currency.eq_ignore_ascii_case(BASE_CURRENCY) {
                { fields }
            }
        </>
    }
}

/// The form for a currency without a built-in reference rate: its two fields (read when the
/// form is applied, so typing there re-renders nothing) and why it was refused, if it was.
struct OtherCurrency {
    /// The code field.
    code: NodeRef,
    /// The rate field.
    rate: NodeRef,
    /// Why the last apply was refused.
    error: UseStateHandle<Option<String>>,
}

/// The text of the field `node`.
fn field_text(node: &NodeRef) -> String {
    node.cast::<HtmlInputElement>()
        .map(|input| input.value())
        .unwrap_or_default()
}

/// A currency without a built-in reference rate: its code and the rate to use.
fn other_currency(form: &OtherCurrency, dispatch: &Dispatch) -> Html {
    let on_apply = {
        let (code, rate, error, dispatch) = (
            form.code.clone(),
            form.rate.clone(),
            form.error.clone(),
            dispatch.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let code = field_text(&code);
            match parse_number(&field_text(&rate)) {
                Ok(value) if !code.trim().is_empty() => {
                    error.set(None);
                    dispatch.change(Change::SetCurrencyWithRate { code, rate: value });
                }
                Ok(_) => error.set(Some("Enter the currency's code.".to_string())),
                Err(why) => error.set(Some(format!("The rate: {why}."))),
            }
        })
    };
    let rate_note = ProvenanceNote::user(
        "Your own rate: no reference rate is built in for a currency added here.",
    );
    html! {
        <details class="field-hint">
            <summary>{ "Another currency, at your own rate" }</summary>
            <div class="row">
                <label class="inline"><span>{ "Code" }</span>
                    <input type="text" maxlength="8" data-testid="custom-currency-code" ref={form.code.clone()} />
                </label>
                <div class="inline-field" data-provenance={rate_note.kind.word()}>
                    <label class="inline"><span>{ "Units per US dollar" }</span>
                        <input type="text" inputmode="decimal" id="custom-currency-rate" data-testid="custom-currency-rate" ref={form.rate.clone()} />
                    </label>
                    { provenance_marker(&ProvenanceMarkerProps::of(&rate_note, "custom-currency-rate")) }
                </div>
                <button type="button" class="secondary small" data-testid="custom-currency-apply" onclick={on_apply}>{ "Use" }</button>
            </div>
            if let Some(error) = (*form.error).clone() {
                <p class="field-error" role="alert">{ error }</p>
            }
        </details>
    }
}

/// The region's picker and its note: which prices, then (folded) how they are found and the
/// offers the region changes.
fn region_field(catalog: &Catalog, pricing: &Pricing, dispatch: &Dispatch) -> Html {
    let on_region = dispatch.change_with(Change::SetRegion);
    let provider = catalog.provider(&pricing.provider);
    let region = provider.and_then(|p| p.region(&pricing.region));
    let mut region_options = String::new();
    for option in provider.map_or(&[][..], |p| p.regions) {
        push_option(&mut region_options, option.id, &option.label());
    }
    let (lead, changes) = region_note(catalog, &pricing.provider, &pricing.region);
    html! {
        <div class="field">
            <label for="region">{ "Region" }</label>
            <Select value={region.map_or("", |r| r.id)} id="region" testid="region-select" on_change={on_region}>
                { Html::from_html_unchecked(AttrValue::from(region_options)) }</Select>
            <div class="field-hint" data-testid="region-note">
                { lead }
                if !changes.is_empty() {
                    <details data-testid="region-changes">
                        <summary>{ "How, and what this region changes" }</summary>{ changes.trim().to_string() }
                    </details>
                }
            </div>
        </div>
    }
}

/// The pricing panel.
#[component]
pub fn PricingPanel() -> Html {
    let state = use_scenario();
    let pricing = &state.scenario.pricing;
    let catalog = state.catalog;
    let on_provider = state.dispatch().change_with(Change::SetProvider);
    let on_snapshot = state.dispatch().change_with(Change::SetSnapshot);
    let provider = catalog.provider(&pricing.provider);
    let provider_note = provider
        .map(|p| {
            format!(
                "{} Priced now: {}.",
                p.note,
                model_words(pricing, &state.estimate),
            )
        })
        .unwrap_or_default();
    // The price set's description, then the same price-age statement as Results, print and the
    // exports (one rule decides "old": `PriceAge::of_prices`).
    let snapshot_note = catalog
        .snapshot(&pricing.snapshot)
        .map(|s| {
            let age = PriceAge::of_prices(&state.estimate.lines, catalog, s.id)
                .map(|age| age.sentence())
                .unwrap_or_default();
            format!("{} {age}", s.description)
        })
        .unwrap_or_default();
    let spot = pricing.model == PriceModel::Spot;
    let typed_code = use_mut_ref(|| None::<String>);
    let other = OtherCurrency {
        code: use_node_ref(),
        rate: use_node_ref(),
        error: use_state(|| None::<String>),
    };
    // The price sets a reader chooses between: the newest and the paper's semester (and, for a
    // link made with one, the dated history it uses).
    let snapshot_texts: Vec<(String, String)> = catalog
        .price_choices(&pricing.snapshot)
        .into_iter()
        .map(|s| (s.id.to_string(), catalog.price_set_name(s.id)))
        .collect();

    html! {
        <section class="panel fields-grid" aria-labelledby="pricing-title">
            <h2 id="pricing-title">{ "Pricing" }</h2>
            <div class="field">
                <label for="provider">{ "Provider" }</label>
                <Select value={pricing.provider.clone()} id="provider" testid="provider-select" on_change={on_provider}>
                    { options(catalog.providers.iter().map(|p| (p.id, p.name))) }</Select>
                <p class="field-hint" data-testid="provider-note">{ provider_note }</p>
            </div>
            { region_field(catalog, pricing, &state.dispatch()) }
            <div class="field">
                <label for="snapshot">{ "Prices" }</label>
                <Select value={pricing.snapshot.clone()} id="snapshot" testid="snapshot-select" on_change={on_snapshot}>
                    { options(snapshot_texts.iter().map(|(id, text)| (id.as_str(), text.as_str()))) }</Select>
                <details class="field-hint">
                    <summary>{ "About these prices" }</summary>
                    { snapshot_note }
                </details>
                // A change to the provider's list prices, with the prices it moves; folded
                // unless one is set, within the row's height (the view stays three screens long).
                { fold("price-change", "If prices move", !pricing.price_change.is_none(),
                    html! { <div class="fold-fields">{ setting_inputs(Section::PriceChange, &state.scenario, &no_hint) }</div> }) }
            </div>
            { price_model_choice(spot, &state.dispatch()) }
            if spot {
                { setting_inputs(Section::Spot, &state.scenario, &no_hint) }
            }
            { setting_inputs(Section::Pricing, &state.scenario, &no_hint) }
            { currency_fields(
                &pricing.currency,
                &typed_code,
                &pricing.snapshot,
                setting_inputs(Section::Currency, &state.scenario, &|setting| {
                    (setting == Setting::UsdToCurrency).then(|| {
                        rate_note(&pricing.currency, &pricing.snapshot, pricing.usd_to_currency)
                    })
                }),
                &other,
                &state.dispatch(),
            ) }
        </section>
    }
}
