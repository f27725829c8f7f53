//! The headline figures, with the paper's own beside them while its course is loaded.

use yew::prelude::*;

use crate::components::PriceAgeLine;
use crate::model::engine::priced_by::pricing_line;
use crate::model::format;
use crate::model::scenario::pricing::BASE_CURRENCY;
use crate::state::use_scenario;

/// Props of [`Figure`].
#[derive(Properties, PartialEq)]
struct FigureProps {
    /// What the figure is.
    label: AttrValue,
    /// The figure, formatted.
    value: String,
    /// `data-testid` of the value.
    testid: AttrValue,
    /// A detail under the figure (e.g. how it splits).
    #[prop_or_default]
    detail: Option<String>,
    /// The paper's own figure, while its course is loaded.
    #[prop_or_default]
    paper: Option<String>,
}

/// A figure the paper reports, in its own US dollars whatever the scenario's currency.
fn paper_dollars(usd: f64) -> String {
    format::money(usd, BASE_CURRENCY, 1.0)
}

/// One headline figure, with its detail and the paper's figure when there are some.
#[component]
fn Figure(props: &FigureProps) -> Html {
    html! {
        <div class="figure">
            <dt>{ props.label.clone() }</dt>
            <dd>
                <span class="figure-value" data-testid={props.testid.clone()}>
                    { props.value.clone() }
                </span>
                if let Some(detail) = props.detail.clone() {
                    <span class="figure-detail">{ detail }</span>
                }
                if let Some(paper) = props.paper.clone() {
                    <span class="figure-paper">{ format!("Paper: {paper}") }</span>
                }
            </dd>
        </div>
    }
}

/// Total, per student, hours and service units of the current scenario.
#[component]
pub fn Headline() -> Html {
    let state = use_scenario();
    let estimate = &state.estimate;
    let totals = &estimate.totals;
    let pricing = &state.scenario.pricing;
    let money = |usd: f64| format::money(usd, &pricing.currency, pricing.usd_to_currency);
    let paper = state.preset.and_then(|p| p.paper.as_ref());
    let lab_hours: f64 = estimate.labs.iter().map(|l| l.actual_instance_hours).sum();
    let lab_planned: f64 = estimate.labs.iter().map(|l| l.planned_instance_hours).sum();

    html! {
        <section class="headline" aria-labelledby="headline-title">
            if !state.scenario.title.trim().is_empty() {
                <p class="headline-name" data-testid="headline-name">{ state.scenario.title.trim().to_string() }</p>
            }
            <h2 id="headline-title" data-testid="pricing-line">{ pricing_line(state.catalog, pricing, estimate) }</h2>
            <dl class="figures">
                <Figure
                    label="Total cost"
                    value={money(totals.net_usd)}
                    testid="headline-total"
                    detail={(totals.net_usd != totals.list_usd)
                        .then(|| format!("list price {}", money(totals.list_usd)))}
                    paper={paper.map(|p| format!("almost {}", paper_dollars(p.course_cost_usd)))}
                />
                <Figure
                    label="Cost per student"
                    value={money(totals.per_student_usd)}
                    testid="headline-per-student"
                    detail={Some(format!(
                        "labs {}, project {}",
                        money(estimate.labs_per_student_usd()),
                        money(estimate.project_per_student_usd()),
                    ))}
                    paper={paper.map(|p| format!(
                        "about {}; labs {}-{}",
                        paper_dollars(p.cost_per_student_usd),
                        paper_dollars(p.labs_per_student_low_usd),
                        paper_dollars(p.labs_per_student_high_usd),
                    ))}
                />
                <Figure
                    label="Lab instance-hours"
                    value={format::number(lab_hours, 0)}
                    testid="lab-instance-hours"
                    detail={Some(format!("planned {}", format::number(lab_planned, 0)))}
                    paper={paper.map(|p| format::number(p.hours.lab_instance_hours, 0))}
                />
                <Figure
                    label="Project instance-hours"
                    value={format::number(estimate.project.actual_instance_hours, 0)}
                    testid="project-instance-hours"
                    detail={Some(format!(
                        "{} GPU node-hours ({} GPU-device-hours), {} groups",
                        format::number(estimate.project.gpu_hours, 0),
                        format::number(estimate.project.gpu_device_hours, 0),
                        format::number(estimate.groups, 0),
                    ))}
                    paper={paper.map(|p| format!(
                        "{} ({} GPU hours, read as node-hours)",
                        format::number(p.hours.project_instance_hours, 0),
                        format::number(p.hours.project_gpu_hours, 0),
                    ))}
                />
                <Figure
                    label="GPU share of cost"
                    value={format!("{}%", format::number(estimate.gpu_share() * 100.0, 0))}
                    testid="gpu-share"
                    detail={Some(format!(
                        "{} GPU node-hours, {} GPU-device-hours",
                        format::number(totals.gpu_hours, 0),
                        format::number(totals.gpu_device_hours, 0),
                    ))}
                />
                <Figure
                    label="Chameleon service units (SU)"
                    value={format!("{} SU", format::number(totals.su, 0))}
                    testid="chameleon-su"
                    detail={totals.su_incomplete.then(|| {
                        "at least: edge devices have no published SU rate".to_string()
                    })}
                />
            </dl>
            <PriceAgeLine />
            for warning in estimate.warnings.iter() {
                <p class="warning" role="status">{ warning.clone() }</p>
            }
        </section>
    }
}
