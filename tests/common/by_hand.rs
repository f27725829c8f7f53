//! Prices and costs worked out by hand from the catalog's mappings and offers and a scenario's
//! plan, without the engine, so that the tests check the engine against a formula they state.

use course_cost::model::catalog::offer::PriceUnit;
use course_cost::model::catalog::resource::ResourceKind;
use course_cost::model::scenario::realism::OverrunFactors;
use course_cost::model::Scenario;

use super::catalog;

/// The price of one hour of `resource` on AWS in `snapshot`: its stand-in's price times the
/// fraction the mapping takes (storage is priced per GB-month, billed over 730 hours a month),
/// read from the catalog's mapping and offer, not from a priced line.
pub fn aws_rate(resource: &str, snapshot: &str) -> f64 {
    let mapping = catalog().mapping("aws", resource).expect("mapped");
    let offer = catalog().offer(mapping.offer).expect("offer");
    let per_hour = match offer.unit {
        PriceUnit::Hour => 1.0,
        PriceUnit::GbMonth => 1.0 / 730.0,
    };
    offer.price_in(snapshot).usd * mapping.fraction * per_hour
}

/// The factor of `factors` that applies to `resource`'s kind (addresses are not overrun).
pub fn overrun(factors: &OverrunFactors, resource: &str) -> f64 {
    match catalog().resource(resource).expect("known").kind {
        ResourceKind::Vm => factors.vm,
        ResourceKind::BareMetal => factors.bare_metal,
        ResourceKind::Edge => factors.edge,
        ResourceKind::Storage => factors.storage,
        ResourceKind::Network => 1.0,
    }
}

/// What `s` costs the course on AWS at its snapshot's list prices before any discount, overhead,
/// credit or lever (labs, project; USD):
/// labs: students x share x hours x overrun x (instances x hour price + addresses x its price);
/// project: groups (students / group size, rounded up) x hours a week x weeks x pool share x
/// overrun x (instances x hour price + addresses x its price).
pub fn aws_course_usd(s: &Scenario) -> (f64, f64) {
    let rate = |resource: &str| aws_rate(resource, &s.pricing.snapshot);
    let address = rate("floating_ip");
    let students = s.course.students;
    let mut labs = 0.0;
    for option in s.course.labs.iter().flat_map(|l| &l.options) {
        for u in &option.uses {
            let hours = option.share_pct / 100.0 * u.hours * overrun(&s.realism.labs, &u.resource);
            labs += students * hours * (u.count * rate(&u.resource) + u.floating_ips * address);
        }
    }
    let project_each = &s.course.project;
    let groups = (students / project_each.group_size).ceil();
    let mut project = 0.0;
    for u in &project_each.uses {
        for (resource, share) in u.members() {
            let hours = u.hours_per_week * project_each.weeks * share;
            let hours = hours * overrun(&s.realism.project, resource);
            project += groups * hours * (u.count * rate(resource) + u.floating_ips * address);
        }
    }
    (labs, project)
}
