//! The window's icon: the asset tool's `icon.png`, read like every other file (built in, or from
//! an `assets` folder), handed to the window once both the picture and the window are there.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The icon's file under `assets/`.
pub const ICON: &str = "icon.png";

/// The icon's picture, and whether the window shows it yet.
#[derive(Resource)]
struct WindowIcon {
    image: Handle<Image>,
    shown: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, load)
        .add_systems(Update, show.run_if(|icon: Res<WindowIcon>| !icon.shown));
}

fn load(mut commands: Commands, server: Res<AssetServer>) {
    commands.insert_resource(WindowIcon {
        image: server.load(ICON),
        shown: false,
    });
}

/// Give the window its icon once the picture is loaded and the window made. Winit's windows
/// live on the main thread, hence the marker.
fn show(
    mut icon: ResMut<WindowIcon>,
    images: Res<Assets<Image>>,
    window: Query<Entity, With<PrimaryWindow>>,
    _main_thread: NonSendMarker,
) {
    let (Some(image), Ok(window)) = (images.get(&icon.image), window.single()) else {
        return;
    };
    let Some(picture) = winit_icon(image) else {
        warn!("{ICON} is not an RGBA picture the window can show; the window keeps no icon");
        icon.shown = true;
        return;
    };
    icon.shown = bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        let found = windows.get_window(window);
        if let Some(w) = found {
            w.set_window_icon(Some(picture));
        }
        found.is_some()
    });
}

/// The picture as winit takes an icon: 8-bit RGBA rows.
fn winit_icon(image: &Image) -> Option<winit::window::Icon> {
    use bevy::render::render_resource::TextureFormat;
    let rgba = matches!(
        image.texture_descriptor.format,
        TextureFormat::Rgba8UnormSrgb | TextureFormat::Rgba8Unorm
    );
    let data = image.data.clone().filter(|_| rgba)?;
    winit::window::Icon::from_rgba(data, image.width(), image.height()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in icon decodes as Bevy decodes it into a picture winit takes, square and
    /// large enough for a launcher.
    #[test]
    fn the_built_in_icon_is_a_picture_the_window_takes() {
        let bytes = crate::plugins::core::assets::FILES
            .iter()
            .find(|(path, _)| *path == ICON)
            .map(|(_, bytes)| *bytes)
            .expect("the icon is built in");
        let image = Image::from_buffer(
            bytes,
            bevy::image::ImageType::Extension("png"),
            bevy::image::CompressedImageFormats::NONE,
            true,
            bevy::image::ImageSampler::Default,
            bevy::asset::RenderAssetUsages::default(),
        )
        .expect("a PNG");
        assert_eq!((image.width(), image.height()), (256, 256));
        assert!(winit_icon(&image).is_some());
        let grey = Image::new_fill(
            bevy::render::render_resource::Extent3d {
                width: 2,
                height: 2,
                depth_or_array_layers: 1,
            },
            bevy::render::render_resource::TextureDimension::D2,
            &[9],
            bevy::render::render_resource::TextureFormat::R8Unorm,
            bevy::asset::RenderAssetUsages::default(),
        );
        assert!(winit_icon(&grey).is_none(), "one channel is not an icon");
    }
}
